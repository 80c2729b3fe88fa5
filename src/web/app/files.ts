import { recordOf } from '../plugin.js';
import { openDoc } from './line.js';
import { say, ui } from './state.js';

// Files: the game downloaded as its record; a deal, solution or record file opened (a click on
// the file chooser, or dropped on the page): a deal begins its game, a solution or record is a
// line to play through (line.ts).

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
  let doc: object;
  try {
    doc = JSON.parse(await f.text());
  } catch {
    return say(`${f.name}: not a JSON document`);
  }
  if (typeof doc !== 'object' || doc === null) return say(`${f.name}: not a JSON object`);
  const error = openDoc(doc, f.name);
  if (error) say(error);
}
