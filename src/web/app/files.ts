import { formatSwitches, parseSwitches, recordOf, type Settings } from '../plugin.js';
import { stop } from './ask.js';
import { begin } from './play.js';
import { render } from './render.js';
import { $, say, ui } from './state.js';

// Files and the replay: the game downloaded as its record, a deal or record file opened (a
// click on the file chooser, or dropped on the page), and the moves replayed on the board.

export function download(): void {
  const r = recordOf(ui.session);
  if ('error' in r) {
    say(r.error);
    return;
  }
  const { file, json } = r;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([`${JSON.stringify(json, null, 2)}\n`], { type: 'application/json' }));
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  say(`record ${file} downloaded`);
}

export async function openFile(f: File): Promise<void> {
  let doc: { game?: string; seed?: string; variant?: Record<string, string> };
  try {
    doc = JSON.parse(await f.text());
  } catch {
    return say(`${f.name}: not a JSON document`);
  }
  const g = ui.games.find(String(doc.game));
  if (!g) return say(`${f.name}: field "game" is not one of ${ui.games.all.map((x) => x.name).join(', ')}`);
  const variant = doc.variant
    ? Object.entries(doc.variant)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')
    : '';
  try {
    // Written as the address and the choosers write it (the default switches left out, in order).
    const s: Settings = {
      game: g.name,
      seed: doc.seed ?? 'file',
      variant: formatSwitches(parseSwitches(g.switches, variant)),
      ai: ui.session.settings.ai,
      dealJson: doc,
    };
    stop();
    ui.session = ui.games.session(s);
  } catch (e) {
    return say(`${f.name}: ${(e as Error).message}`);
  }
  begin();
  say(`opened ${f.name}`);
}

/** The board after the first k moves (the game itself stays as it is). */
export function showReplay(k: number): void {
  const { session } = ui;
  const at = Math.max(0, Math.min(session.moves.length, k));
  ui.replayAt = at;
  const copy = ui.games.session(session.settings);
  for (const m of session.moves.slice(0, at)) copy.load(m.text);
  ($('replay-slider') as HTMLInputElement).max = String(session.moves.length);
  ($('replay-slider') as HTMLInputElement).value = String(at);
  render(copy.cards());
}
