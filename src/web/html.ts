import { BASE_CSS, esc } from '../report/html.js';

// The play page's HTML and style, around the bundled script (build.ts). On a wide screen the felt
// takes the left and the controls, the notes and the list of moves a column at the right; on a
// narrow one (a phone) the main buttons come first, then the felt, then the rest. The board's
// grid and the cards' size are set by the script (fit.ts) so that the whole board fits the felt;
// the cards' index sits in the corner a fanned pile leaves in sight.

const CSS = `
body { background: #eef1ee; }
main.app { max-width: none; padding: 6px 8px; display: grid; gap: 8px 12px; grid-template-columns: minmax(0, 1fr) clamp(300px, 28vw, 380px); grid-template-areas: "felt top" "felt side"; grid-template-rows: auto 1fr; height: 100vh; }
.top { grid-area: top; } .felt { grid-area: felt; min-width: 0; min-height: 0; } .side { grid-area: side; min-height: 0; display: flex; flex-direction: column; gap: 6px; overflow-y: auto; }
.side > * { flex-shrink: 0; }
[hidden] { display: none !important; }
header { display: flex; gap: 4px 10px; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 17px; margin: 0; }
#title { font-weight: 600; }
.bar { display: flex; gap: 5px 6px; align-items: center; flex-wrap: wrap; margin: 5px 0; padding: 5px 6px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
.bar form { display: inline-flex; gap: 5px; align-items: center; margin: 0; }
button, select, input, textarea { font: inherit; font-size: 14px; }
button { padding: 3px 9px; border: 1px solid #c4cad0; border-radius: 6px; background: #fff; cursor: pointer; min-height: 30px; }
button:hover { background: #eef3f9; }
button:disabled { opacity: .45; cursor: default; }
input[type=text], input[type=number] { padding: 3px 6px; border: 1px solid #c4cad0; border-radius: 6px; min-height: 30px; }
#seed { width: 5.5em; } #budget { width: 7em; } #move { width: 10.5em; } .numbering input { width: 5em; }
#switches { display: inline-flex; gap: 6px; flex-wrap: wrap; }
#status { color: var(--muted); font-variant-numeric: tabular-nums; }
#deal-note, #watch-line { font-size: 13px; color: var(--muted); }
#watch-line.changed { color: #8a2b00; font-weight: 600; }
#busy { color: #8a5a00; font-variant-numeric: tabular-nums; }
#advice { min-height: 1.4em; font-size: 14px; }
#advice .line { font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; background: var(--panel); padding: 6px 8px; border-radius: 6px; max-height: 160px; overflow-y: auto; }
details#more > summary { cursor: pointer; font-weight: 600; padding: 2px 0; }
:focus-visible { outline: 3px solid #ffb300; outline-offset: 2px; }
.sr { position: absolute; top: 0; left: 0; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.table { position: relative; background: radial-gradient(ellipse at center, #2e7d4f 0%, #1f5e3a 100%); border-radius: 14px; box-shadow: inset 0 0 40px rgba(0,0,0,.25); overflow: hidden; height: 100%; }
.board { display: grid; padding: 6px; margin: 0 auto; justify-content: center; align-content: start; }
.pile { display: flex; flex-direction: column; align-items: center; min-width: 0; border-radius: 8px; }
.pile.fan-left { align-items: flex-end; } .pile.fan-right { align-items: flex-start; }
.pile.fan-up { flex-direction: column-reverse; }
.pile .label { height: 14px; line-height: 14px; font-size: var(--fl); color: #d5eadb; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; padding: 0 2px; }
.pile .label.wants { color: #fff3c4; padding: 0; letter-spacing: -0.2px; }
.pile .label.small { font-size: 8px; letter-spacing: -0.4px; padding: 0; }
.pile.target .cards { outline: 3px solid #7fd1ff; outline-offset: 2px; background: rgba(127,209,255,.18); border-radius: 6px; cursor: pointer; }
.pile.target { cursor: pointer; }
.cards { position: relative; flex: none; }
.card { position: absolute; width: var(--cw); height: var(--ch); border-radius: calc(var(--cw) * .08); background: #fff; border: 1px solid #9aa4ad; box-shadow: 0 1px 2px rgba(0,0,0,.35); color: #1b1f23; user-select: none; }
.card .i { position: absolute; top: 2px; left: 3px; display: flex; gap: 1px; align-items: baseline; font: 700 var(--fi)/1 system-ui, sans-serif; letter-spacing: -0.5px; white-space: nowrap; }
.fan-left .card.covered .i { left: auto; right: 3px; }
.fan-left .card.covered .i, .fan-right .card.covered .i { flex-direction: column; align-items: center; gap: 0; }
.fan-up .card.covered .i { top: auto; bottom: 2px; }
.card .big { position: absolute; left: 0; right: 0; top: 38%; text-align: center; font-size: calc(var(--cw) * .48); line-height: 1; }
.card.covered .big { display: none; }
.card.red { color: #c0262d; }
.card.packb { background: #fff7e0; }
.card.down { background: repeating-linear-gradient(45deg, #2f5fa8 0 5px, #3b6fbd 5px 10px); border-color: #1e3f73; }
.card.pickable { cursor: grab; }
.card.pickable:hover { box-shadow: 0 0 0 2px #7fd1ff, 0 2px 6px rgba(0,0,0,.5); }
.card.picked { box-shadow: 0 0 0 3px #ffd84d, 0 2px 6px rgba(0,0,0,.5); transform: translateY(-4px); z-index: 30; }
.card.hint-card, .hint-place { outline: 3px dashed #ffd84d; outline-offset: 2px; }
.slot { position: absolute; width: var(--cw); height: var(--ch); border-radius: calc(var(--cw) * .08); border: 2px dashed rgba(255,255,255,.35); }
.count { position: absolute; right: 2px; bottom: 2px; background: #0d3320; color: #fff; font: 600 11px/1.3 system-ui, sans-serif; border-radius: 8px; padding: 0 5px; }
.card.down .count { right: 50%; bottom: 50%; transform: translate(50%, 50%); font-size: 12px; }
.arrow { position: absolute; height: 4px; margin-top: -2px; background: #ffd84d; border-radius: 2px; transform-origin: 0 50%; pointer-events: none; z-index: 40; box-shadow: 0 0 3px rgba(0,0,0,.6); }
.arrow::after { content: ""; position: absolute; right: -4px; top: -6px; border: 8px solid transparent; border-left: 12px solid #ffd84d; border-right: 0; }
ol#movelist { list-style: none; margin: 0; padding: 4px 6px; flex: 1 0 140px; min-height: 140px; overflow-y: auto; border: 1px solid var(--line); border-radius: 8px; font-size: 13px; background: #fff; }
#movelist li { display: grid; grid-template-columns: auto 1fr; column-gap: 6px; padding: 1px 0; }
#movelist .n { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; min-width: 2.2em; }
#movelist .t { font-family: ui-monospace, Menlo, Consolas, monospace; }
#movelist .w { grid-column: 2; color: var(--muted); font-size: 12px; }
#movelist li.current { background: #ffe58a; }
#movelist li.auto .t::after { content: " · home by itself"; color: var(--muted); font-family: system-ui, sans-serif; font-size: 11px; }
#movelist li.lost-it { background: #fde2dd; }
#movelist .mark { grid-column: 2; color: #a02700; font-weight: 600; font-size: 12px; }
.keys { color: var(--muted); font-size: 12px; margin: 0; }
dialog { max-width: min(760px, 94vw); max-height: 88vh; border: 1px solid var(--line); border-radius: 10px; padding: 0; }
dialog::backdrop { background: rgba(0,0,0,.35); }
.dlg-head { display: flex; justify-content: space-between; align-items: center; gap: 10px; padding: 8px 14px; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: #fff; }
.dlg-head h2 { margin: 0; padding: 0; border: 0; font-size: 18px; }
.dlg-body { padding: 6px 16px 14px; overflow-y: auto; max-height: calc(88vh - 60px); }
.dlg-body h3 { font-size: 16px; margin: 16px 0 4px; } .dlg-body h4 { font-size: 14px; margin: 12px 0 4px; }
.dlg-body p, .dlg-body li { font-size: 14px; }
.dlg-body tr.chosen td { background: #fff3c4; }
.dlg-body .played-here { background: #fff3c4; padding: 6px 10px; border-radius: 6px; }
#paste-text { width: 100%; min-height: 8em; font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; }
@media (prefers-reduced-motion: reduce) { .card.picked { transform: none; } }
@media (max-width: 899px) {
  main.app { grid-template-columns: minmax(0, 1fr); grid-template-areas: "top" "felt" "side"; grid-template-rows: none; height: auto; padding: 4px 6px 24px; gap: 4px; }
  header h1 { display: none; }
  .bar { margin: 3px 0; padding: 3px 4px; gap: 4px 5px; }
  .bar button { padding: 3px 7px; }
  .table { height: auto; }
  ol#movelist { max-height: 240px; flex: none; }
}
`;

const BODY = `<main class="app">
<div class="top">
<header><h1>patience-lab</h1><span id="title"></span></header>
<div class="bar" role="group" aria-label="Game">
  <label>Game <select id="game"></select></label>
  <form id="seed-form"><label>Deal <input id="seed" type="text" inputmode="numeric" autocomplete="off"></label><button type="submit">Go</button></form>
  <span id="numberings"></span>
  <button id="new" type="button">New deal</button>
  <select id="deal-list" aria-label="New deal: which deals"></select>
</div>
<div class="bar" role="group" aria-label="Play">
  <button id="undo" type="button" aria-keyshortcuts="U">Undo</button>
  <button id="redo" type="button" aria-keyshortcuts="R">Redo</button>
  <button id="restart" type="button">Restart</button>
  <button id="hint" type="button" aria-keyshortcuts="H">Hint</button>
  <button id="pass" type="button" hidden>Pass</button>
  <button id="rules-open" type="button" aria-keyshortcuts="?">Rules</button>
  <button id="stats-open" type="button" aria-label="Statistics">Stats</button>
</div>
</div>
<div class="felt"><div class="table" id="table"><div class="board" id="board" aria-label="the table"></div><div class="arrow" id="arrow" aria-hidden="true" hidden></div></div></div>
<div class="side">
  <div id="status"></div>
  <div id="deal-note"></div>
  <div id="watch-line"></div>
  <div id="advice"></div>
  <div id="replay-controls" class="bar" hidden><button id="replay-prev" type="button">Back</button><input id="replay-slider" type="range" min="0" value="0" aria-label="replay: move"><button id="replay-next" type="button">Forward</button><button id="replay-take" type="button" hidden>Play on from here</button></div>
  <h2 class="sr">Moves</h2><ol id="movelist" aria-label="moves made"></ol>
  <details id="more"><summary>More</summary>
  <div class="bar" role="group" aria-label="Move and advice">
    <form id="move-form"><label for="move">Move</label> <input id="move" type="text" autocomplete="off" spellcheck="false"><button type="submit">Play</button></form>
    <button id="winnable" type="button">Winnable?</button>
    <button id="spoiler" type="button">With the stock known (spoiler)</button>
    <label>Budget <input id="budget" type="number" min="1000" step="1000" placeholder="default"> nodes</label>
    <button id="stop" type="button" disabled>Stop</button>
    <span id="busy" aria-live="polite"></span>
  </div>
  <div class="bar" role="group" aria-label="Options">
    <label id="auto-box"><input id="auto" type="checkbox" checked> Safe moves home by themselves</label>
    <label id="watch-box">Watch <select id="watch"></select></label>
    <span id="switches"></span>
    <label id="ai-box" hidden>Opponent <select id="ai"></select></label>
  </div>
  <div class="bar" role="group" aria-label="Files">
    <label>Open a deal, solution or record <input id="file" type="file" accept=".json,application/json"></label>
    <button id="paste-open" type="button">Paste a line</button>
    <button id="download" type="button">Download record</button>
    <button id="replay" type="button" hidden>Replay</button>
  </div>
  </details>
  <p class="keys">Click or drag a card; the places it may go light up. Keys: Tab to a card, Enter picks it up and Enter on a lit place puts it down, Esc puts it back; U undo, R redo, H hint<span id="game-keys"></span>, M the move box, ? the rules. Double click sends a card home.</p>
</div>
</main>
<dialog id="rules" aria-labelledby="rules-title"><div class="dlg-head"><h2 id="rules-title">Rules</h2><button id="rules-close" type="button">Close</button></div><div class="dlg-body" id="rules-body"></div></dialog>
<dialog id="stats" aria-labelledby="stats-title"><div class="dlg-head"><h2 id="stats-title">Statistics</h2><button id="stats-close" type="button">Close</button></div><div class="dlg-body" id="stats-body"></div></dialog>
<dialog id="paste" aria-labelledby="paste-title"><div class="dlg-head"><h2 id="paste-title">Paste a line to play through</h2><button id="paste-close" type="button">Close</button></div><div class="dlg-body">
<p>Paste the moves of a line (one a line, or separated by commas, as <code>solve</code> prints them), played from the start of this deal; or a whole solution or record file (<code>solve --json</code>, <code>play --record</code>), which brings its deal.</p>
<textarea id="paste-text" aria-label="the line or file to play through" spellcheck="false"></textarea>
<p><button id="paste-go" type="button">Play it through</button> <span id="paste-error" role="alert"></span></p></div></dialog>
<div id="live" class="sr" role="status" aria-live="polite"></div>`;

/** "A, B and C". */
const listed = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words.join('');

/** The whole page around its bundled script (already safe inside a script element), which
 *  plays the games of these titles. */
export function playPage(script: string, titles: readonly string[]): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' blob:; worker-src blob:; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'none'">
<title>${esc(`patience-lab: play ${listed(titles)}`)}</title>
<style>${BASE_CSS}${CSS}</style></head>
<body>${BODY}<script>${script}</script></body></html>
`;
}
