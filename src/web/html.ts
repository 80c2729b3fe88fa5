import { BASE_CSS, esc } from '../report/html.js';

// The play page's HTML and style, around the bundled script (build.ts). The board's look is
// the replay page's (report/replay-page.ts); the cards are sized by two variables so that a
// phone's 390-pixel screen fits a board of seven columns.

const CSS = `
main { max-width: 1280px; padding: 8px 14px 30px; }
[hidden] { display: none !important; }
header { display: flex; gap: 10px 16px; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 20px; margin: 0; }
.bar { display: flex; gap: 6px 8px; align-items: center; flex-wrap: wrap; margin: 6px 0; padding: 5px 8px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
.bar form { display: inline-flex; gap: 6px; align-items: center; margin: 0; }
button, select, input { font: inherit; font-size: 14px; }
button { padding: 4px 10px; border: 1px solid #c4cad0; border-radius: 6px; background: #fff; cursor: pointer; }
button:hover { background: #eef3f9; }
button:disabled { opacity: .45; cursor: default; }
input[type=text], input[type=number] { padding: 3px 6px; border: 1px solid #c4cad0; border-radius: 6px; }
#seed { width: 7em; } #budget { width: 7.5em; } #move { width: 12em; }
#switches { display: inline-flex; gap: 8px; flex-wrap: wrap; }
#title { font-weight: 600; }
#status { color: var(--muted); font-variant-numeric: tabular-nums; }
#busy { color: #8a5a00; font-variant-numeric: tabular-nums; }
#advice { min-height: 1.4em; margin: 6px 0; }
#advice .line { font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; background: var(--panel); padding: 6px 8px; border-radius: 6px; max-height: 160px; overflow-y: auto; }
:focus-visible { outline: 3px solid #ffb300; outline-offset: 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.stage { display: flex; gap: 16px; align-items: flex-start; }
.table { --cw: 46px; --ch: 62px; flex: 1; min-width: 0; background: radial-gradient(ellipse at center, #2e7d4f 0%, #1f5e3a 100%); border-radius: 14px; padding: 14px; box-shadow: inset 0 0 40px rgba(0,0,0,.25); overflow: auto; }
.board { display: grid; gap: 4px 10px; justify-content: center; }
.pile { display: flex; flex-direction: column; gap: 3px; align-items: center; min-width: var(--cw); border-radius: 8px; }
.pile .label { font-size: 11px; color: #d5eadb; white-space: nowrap; }
.pile.target { outline: 3px solid #7fd1ff; outline-offset: 2px; background: rgba(127,209,255,.18); cursor: pointer; }
.pile.hint-from .cards, .pile.hint-to .cards { outline: 3px dashed #ffd84d; outline-offset: 3px; border-radius: 6px; }
.pile.hint-to .label, .pile.hint-from .label { color: #ffd84d; font-weight: 700; }
.cards { display: flex; position: relative; }
.fan-down .cards { flex-direction: column; } .fan-down .card + .card { margin-top: calc(var(--ch) * -0.7); }
.fan-up { justify-content: flex-end; flex-direction: column-reverse; align-self: end; }
.fan-up .cards { flex-direction: column-reverse; } .fan-up .card + .card { margin-bottom: calc(var(--ch) * -0.7); }
.fan-down { align-self: start; }
.fan-right { align-items: flex-start; justify-self: start; } .fan-right .card + .card { margin-left: calc(var(--cw) * -0.45); }
.fan-left { align-items: flex-end; justify-self: end; } .fan-left .cards { flex-direction: row-reverse; } .fan-left .card + .card { margin-right: calc(var(--cw) * -0.45); }
.card { width: var(--cw); height: var(--ch); border-radius: 6px; background: #fff; border: 1px solid #9aa4ad; box-shadow: 0 1px 2px rgba(0,0,0,.35); position: relative; flex: none; color: #1b1f23; user-select: none; }
.card .i { position: absolute; top: 3px; left: 3px; font: 700 13px/1 system-ui, sans-serif; letter-spacing: -0.5px; white-space: nowrap; }
.card .i.rot { top: auto; left: auto; bottom: 3px; right: 3px; transform: rotate(180deg); }
.card .big { position: absolute; left: 0; right: 0; top: 36%; text-align: center; font-size: calc(var(--cw) / 2); line-height: 1; }
.card.red { color: #c0262d; }
.card.packb { background: #fff7e0; }
.card.down { background: repeating-linear-gradient(45deg, #2f5fa8 0 5px, #3b6fbd 5px 10px); border-color: #1e3f73; }
.card.pickable { cursor: grab; }
.card.pickable:hover { box-shadow: 0 0 0 2px #7fd1ff, 0 2px 6px rgba(0,0,0,.5); }
.card.picked { box-shadow: 0 0 0 3px #ffd84d, 0 2px 6px rgba(0,0,0,.5); transform: translateY(-4px); z-index: 2; }
.slot { width: var(--cw); height: var(--ch); border-radius: 6px; border: 2px dashed rgba(255,255,255,.35); }
.count { position: absolute; right: -6px; top: -8px; background: #0d3320; color: #fff; font-size: 11px; border-radius: 9px; padding: 1px 6px; z-index: 3; }
.side { width: 250px; flex: none; }
.side ol { margin: 6px 0 0; padding: 6px 0 6px 2.4em; max-height: 300px; overflow-y: auto; border: 1px solid var(--line); border-radius: 8px; font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; }
.side li.current { background: #ffe58a; font-weight: 700; }
.keys { color: var(--muted); font-size: 12px; }
@media (max-width: 760px) {
  main { padding: 8px 6px 30px; }
  .stage { flex-direction: column; }
  .side { width: 100%; }
  .table { --cw: 36px; --ch: 50px; padding: 8px 4px; }
  .board { gap: 6px 5px; }
  .card .i { font-size: 10px; top: 2px; left: 2px; }
  .card .i.rot { display: none; }
  .pile .label { font-size: 9px; }
}
`;

const BODY = `<main>
<header><h1>patience-lab</h1><span id="title"></span></header>
<div class="bar" role="group" aria-label="Game">
  <label>Game <select id="game"></select></label>
  <form id="seed-form"><label>Deal <input id="seed" type="text" inputmode="numeric" autocomplete="off"></label><button type="submit">Go</button></form>
  <span id="switches"></span>
  <label id="ai-box" hidden>Opponent <select id="ai"></select></label>
  <button id="new" type="button">New deal</button>
  <button id="restart" type="button">Restart</button>
  <label>Open deal file <input id="file" type="file" accept=".json,application/json"></label>
</div>
<div class="bar" role="group" aria-label="Play">
  <button id="undo" type="button">Undo</button>
  <button id="redo" type="button">Redo</button>
  <button id="pass" type="button" hidden>Pass</button>
  <form id="move-form"><label for="move">Move</label> <input id="move" type="text" autocomplete="off" spellcheck="false"><button type="submit">Play</button></form>
  <button id="hint" type="button">Hint</button>
  <button id="winnable" type="button">Winnable?</button>
  <button id="spoiler" type="button">With the stock known (spoiler)</button>
  <label>Budget <input id="budget" type="number" min="1000" step="1000" placeholder="default"> nodes</label>
  <button id="stop" type="button" disabled>Stop</button>
  <span id="busy" aria-live="polite"></span>
  <button id="download" type="button">Download record</button>
  <button id="replay" type="button" hidden>Replay</button>
</div>
<div id="replay-controls" class="bar" hidden><button id="replay-prev" type="button">Back</button><input id="replay-slider" type="range" min="0" value="0" aria-label="replay: move"><button id="replay-next" type="button">Forward</button></div>
<div class="stage">
  <div class="table"><div class="board" id="board" aria-label="the table"></div></div>
  <div class="side"><div id="status"></div><div id="advice"></div><h2 class="sr">Moves</h2><ol id="movelist" aria-label="moves made"></ol>
  <p class="keys">Click or drag a card; the places it may go light up. Keys: Tab to a card, Enter picks it up and Enter on a lit place puts it down, Esc puts it back; U undo, R redo, H hint<span id="game-keys"></span>, M the move box. Double click sends a card home.</p></div>
</div>
<div id="live" class="sr" role="status" aria-live="polite"></div>
</main>`;

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
