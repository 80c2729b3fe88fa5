import type { GameList } from './section.js';
import { readRowsByGame } from './rows.js';
import { formatJson } from '../io/json.js';
import { checkHtmlOut, esc, intText, page, scriptJson, writeHtml } from './html.js';

// `patience report FILE… --out report.html`: one self-contained page (inline SVG charts and
// CSS, no script, nothing fetched) from any mix of batch and tournament CSVs. Each game's
// numbers are its summary's compute — the same object `summary --json` prints, embedded in the
// page as JSON — and its section shows them in tables and charts.

const CSS = `
header { padding-bottom: 4px; }
.games a { margin-right: 14px; }
section.game { margin-top: 10px; }
`;

export async function buildReport(games: GameList, files: readonly string[]): Promise<string> {
  const { byGame, files: info } = readRowsByGame(games, files);
  const sections: string[] = [];
  const settings: string[] = [];
  const commands: string[] = [];
  const computed: unknown[] = []; // each group's summary, computed once (the comparison reuses them)
  for (const [k, { game, variant, rows }] of byGame.entries()) {
    const s = (computed[k] = game.summary.compute(rows));
    const part = await (await game.summary.section())(rows, s);
    const named = variant === 'default' ? game.name : `${game.name} (variant ${variant})`;
    settings.push(...part.settings.map((x) => `${named}: ${x}`));
    commands.push(...part.commands);
    const id = byGame.findIndex((g) => g.game === game) === k ? game.name : `${game.name}--${variant}`;
    const title = esc(game.describe.split(/[,(]/)[0].trim() || game.name);
    sections.push(`<section class="game" id="${esc(id)}" data-game="${esc(game.name)}" data-variant="${esc(variant)}">
<h2>${title}${variant === 'default' ? '' : ` <span class="variant">variant ${esc(variant)}</span>`} <span class="muted">(${esc(game.name)}, ${intText(rows.length)} rows)</span></h2>
<script type="application/json" class="summary-json" data-game="${esc(game.name)}" data-variant="${esc(variant)}">${scriptJson(s)}</script>
${part.html}
<details><summary>the numbers as <code>patience summary --json</code> prints them</summary><pre>${esc(formatJson(s))}</pre></details>
</section>`);
    // After a game's last group: its rule variants side by side, when there are several.
    const mine = byGame.filter((g) => g.game === game);
    if (mine.length > 1 && mine[mine.length - 1] === byGame[k] && game.summary.compare) {
      const groups = mine.map((g) => ({ variant: g.variant, summary: computed[byGame.indexOf(g)] }));
      sections.push(`<section class="variants" id="${esc(game.name)}--variants" data-game="${esc(game.name)}">
<h2>${title} <span class="muted">under each rule variant</span></h2>
${await (await game.summary.compare())(groups)}
</section>`);
    }
  }
  const total = info.reduce((a, f) => a + f.rows, 0);
  const header = `<header>
<h1>patience-lab report</h1>
<p class="muted">${intText(total)} rows from ${info.length} file${info.length === 1 ? '' : 's'}; games: <span class="games">${[...new Set(byGame.map((g) => g.game.name))].map((n) => `<a href="#${esc(n)}">${esc(n)}</a>`).join('')}</span></p>
<table data-table="files"><thead><tr><th>file</th><th>rows</th><th>games</th></tr></thead><tbody>
${info.map((f) => `<tr><td><code>${esc(f.file)}</code></td><td class="num">${intText(f.rows)}</td><td>${esc(f.games.join(', '))}</td></tr>`).join('\n')}
</tbody></table>
<h3>Settings</h3><ul>${settings.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>
<h3>To make these rows again</h3><pre>${esc(commands.join('\n'))}</pre>
<p class="muted">Shards and re-runs merge as in <code>patience summary</code>: one row per deal or game is counted. This report: <code>${esc(['patience report', ...files, '--out …'].join(' '))}</code></p>
</header>`;
  return page('patience-lab report', CSS, `<main>${header}\n${sections.join('\n')}</main>`);
}

export async function reportCommand(games: GameList, files: string[], out: string): Promise<void> {
  checkHtmlOut(out);
  writeHtml(out, await buildReport(games, files));
  console.log(`report: ${out}`);
}
