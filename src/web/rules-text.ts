// A game's rules page (docs/rules/<game>.md, built into the play page) as the page's Rules panel
// shows it: the Markdown read into blocks of plain text — headings, paragraphs, lists, code,
// tables — with bold and code spans marked, links kept as their words (the page opens nothing
// else). The panel draws the blocks as text, never as HTML.

/** A run of text: plain, bold, italic or code. */
export interface Span {
  text: string;
  strong?: boolean;
  em?: boolean;
  code?: boolean;
}

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'para'; spans: Span[] }
  | { kind: 'list'; items: Span[][] }
  | { kind: 'code'; text: string }
  | { kind: 'table'; rows: Span[][][] };

/** The spans of a line of Markdown: `code`, **bold**, *italic*, [words](link) as words. */
export function spans(text: string): Span[] {
  const out: Span[] = [];
  const re = /`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\([^)]*\)|\*([^*\s](?:[^*]*[^*\s])?)\*/g;
  let at = 0;
  const plain = (t: string) => {
    if (t) out.push({ text: t });
  };
  for (let m = re.exec(text); m; m = re.exec(text)) {
    plain(text.slice(at, m.index));
    if (m[1] !== undefined) out.push({ text: m[1], code: true });
    else if (m[2] !== undefined) out.push(...spans(m[2]).map((s) => ({ ...s, strong: true })));
    else if (m[3] !== undefined) out.push(...spans(m[3]));
    else out.push(...spans(m[4]).map((s) => ({ ...s, em: true })));
    at = m.index + m[0].length;
  }
  plain(text.slice(at));
  return out;
}

/** The blocks of a rules page, without the sections (level-2 headings, with what follows up to
 *  the next one) named in `leaveOut`. */
export function rulesBlocks(md: string, leaveOut: readonly string[] = []): Block[] {
  const blocks: Block[] = [];
  const lines = md.split(/\r?\n/);
  let skipping = false;
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'para', spans: spans(para.join(' ')) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      if (h[1].length <= 2) skipping = leaveOut.includes(h[2].trim());
      if (!skipping)
        blocks.push({
          kind: 'heading',
          level: h[1].length,
          text: spans(h[2])
            .map((s) => s.text)
            .join(''),
        });
      continue;
    }
    if (skipping) continue;
    if (/^```/.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (/^\|/.test(line)) {
      flush();
      const rows: Span[][][] = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i++) {
        const cells = lines[i].replace(/^\||\|\s*$/g, '').split(/(?<!\\)\|/);
        if (cells.every((c) => /^\s*:?-+:?\s*$/.test(c))) continue;
        rows.push(cells.map((c) => spans(c.trim().replace(/\\\|/g, '|'))));
      }
      i--;
      blocks.push({ kind: 'table', rows });
    } else if (/^\s*[-*]\s+/.test(line)) {
      flush();
      const items: string[] = [];
      for (; i < lines.length && (/^\s*[-*]\s+/.test(lines[i]) || (/^\s+\S/.test(lines[i]) && items.length)); i++) {
        if (/^\s*[-*]\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*[-*]\s+/, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      i--;
      blocks.push({ kind: 'list', items: items.map(spans) });
    } else if (line.trim() === '') flush();
    else para.push(line.trim());
  }
  flush();
  return blocks;
}
