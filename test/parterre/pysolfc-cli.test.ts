import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withVariant } from '../../src/games/parterre/deal.js';
import { parterre } from '../../src/games/parterre/kit.js';
import { pysolfcNumbering } from '../../src/games/parterre/page.js';
import { parsePysolfcNumber, pysolfcDeal } from '../../src/games/parterre/pysolfc.js';
import { parseWords } from '../../src/games/parterre/pysolfc-words.js';
import { run, runWithInput } from '../cli/run.js';
import { tempDir } from '../temp-dir.js';

// PySolFC's game numbers wherever a deal is named: the deal, read under PySolFC's rules unless
// --variant says otherwise, and every output saying which; the number kept in files and
// records; bad numbers one line and exit code 2; `patience pysolfc N` and its line in PySolFC's
// words, replayed here from the words alone.

const dir = tempDir('pysolfc-');
const golden = JSON.parse(readFileSync('data/parterre/pysolfc-golden.json', 'utf8')) as {
  deals: { number: string; columns: string[]; bouquet: string }[];
};
const goldenOf = (n: string) => golden.deals.find((d) => d.number === n)!;
const number = (t: string) => {
  const p = parsePysolfcNumber(t);
  if (!p.ok) throw new Error(p.reason);
  return p.number;
};

describe('--pysolfc N', () => {
  it("deal prints PySolFC's layout, under its rules, and says so", async () => {
    for (const n of ['1', '32000', `${2 ** 32}`]) {
      const r = await run('deal', 'parterre', '--pysolfc', n);
      expect(r.code).toBe(0);
      expect(r.out.split('\n')[0]).toBe(
        `Parterre, PySolFC game #${n} (variant foundations=removable: PySolFC's rules)`,
      );
      goldenOf(n).columns.forEach((c, i) => expect(r.out).toContain(`p${i}: ${c}`));
      expect(r.out).toContain(`b:  ${goldenOf(n).bouquet}`);
    }
    const f = await run('deal', 'parterre', '--pysolfc', '1', '--variant', 'foundations=final');
    expect(f.out.split('\n')[0]).toBe(
      "Parterre, PySolFC game #1 (variant default; PySolFC's rules are foundations=removable)",
    );
  });

  it('the deal file keeps the number and the reading; show, solve and verify read it', async () => {
    const j = await run('deal', 'parterre', '--pysolfc', '12345', '--json');
    const doc = JSON.parse(j.out);
    expect(doc).toMatchObject({ game: 'parterre', seed: 'pysolfc#12345', variant: { foundations: 'removable' } });
    const file = join(dir, 'd.json');
    writeFileSync(file, j.out);
    const s = await run('show', '--deal', file);
    expect(s.out.split('\n')[0]).toBe("Parterre, PySolFC game #12345 (variant foundations=removable: PySolFC's rules)");
    const direct = await run('show', '--pysolfc', 'ms12345');
    expect(direct.out).toBe(s.out);
    const sol = await run('solve', '--deal', file, '--json', '--max-nodes', '300000');
    expect(JSON.parse(sol.out)).toMatchObject({ outcome: 'solved', deal: { seed: 'pysolfc#12345' } });
    writeFileSync(join(dir, 's.json'), sol.out);
    expect(await run('verify', '--solution', join(dir, 's.json'))).toMatchObject({ code: 0 });
    // A file whose cards are not the game it names is refused: it would be named wrongly everywhere.
    writeFileSync(join(dir, 'lie.json'), JSON.stringify({ ...doc, seed: 'pysolfc#12346' }));
    const lie = await run('show', '--deal', join(dir, 'lie.json'));
    expect(lie.code).toBe(2);
    expect(lie.err).toMatch(/names PySolFC game 12346, but the cards are not its deal/);
  });

  it('solve and play name the game; a record keeps it, and analyse reads it', async () => {
    const s = await run('solve', 'parterre', '--pysolfc', '2', '--max-nodes', '100000');
    expect(s.out.split('\n')[0]).toMatch(
      /^Parterre, PySolFC game #2 \(variant foundations=removable: PySolFC's rules\); solver/,
    );
    expect(s.out).toContain('outcome: solved');
    const rec = join(dir, 'g.json');
    const p = await runWithInput(['play', 'parterre', '--pysolfc', '2', '--record', rec], ['AC p0>F', 'quit']);
    expect(p.out).toContain("Parterre, PySolFC game #2 (variant foundations=removable: PySolFC's rules). Type a move");
    const doc = JSON.parse(readFileSync(rec, 'utf8'));
    expect(doc.deal).toMatchObject({ seed: 'pysolfc#2', variant: { foundations: 'removable' } });
    const a = await run('analyse', '--record', rec, '--max-nodes', '20000');
    expect(a.code).toBe(0);
    expect(a.out.split('\n')[0]).toMatch(
      /^Parterre, PySolFC game #2 \(variant foundations=removable: PySolFC's rules\)/,
    );
  });

  it('a number PySolFC would refuse, or would silently read as another, is one line and exit code 2', async () => {
    const cases: [string, RegExp][] = [
      ['0', /no game 0/],
      ['-5', /no sign/],
      ['1.5', /whole number/],
      ['12a', /not a PySolFC game number/],
      [`ms${2 ** 33}`, /out of range/],
    ];
    for (const [n, why] of cases)
      for (const args of [
        ['deal', 'parterre', '--pysolfc', n],
        ['solve', 'parterre', '--pysolfc', n],
        ['play', 'parterre', '--pysolfc', n],
        ['batch', 'parterre', '--pysolfc', `1,${n}`, '--out', join(dir, 'never.csv')],
        ['show', '--pysolfc', n],
        ['pysolfc', n],
      ]) {
        const r = await run(...args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.err, args.join(' ')).toMatch(why);
        expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      }
    const both = await run('deal', 'parterre', '--pysolfc', '5', '--seed', '5');
    expect(both).toMatchObject({ code: 2, err: 'patience: give one of --seed, --pysolfc, not both\n' });
  });
});

describe('patience pysolfc N', () => {
  it("answers in one screen, and its line in PySolFC's words replays in the rules engine as won", async () => {
    const r = await run('pysolfc', '2', '--line', '--max-nodes', '200000', '--narrowness', '300');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe("PySolFC game #2 of Flower Garden (PySolFC's game 222; its status bar shows #ms2)");
    expect(lines[1]).toMatch(/^under PySolFC's rules/);
    goldenOf('2').columns.forEach((c, i) =>
      expect(r.out).toContain(
        `column ${i + 1}: ${c
          .replace(/T/g, '10')
          .replace(/[SHDC]/g, (s) => '♠♥♦♣'['SHDC'.indexOf(s)])
          .split(' ')
          .map((x) => x.padStart(3))
          .join(' ')}`,
      ),
    );
    expect(r.out).toContain('Winnable: yes.');
    expect(r.out).toMatch(/How hard: (easy|medium|hard)/);
    const steps = lines.filter((l) => /^\s+\d+\. /.test(l)).map((l) => l.replace(/^\s+\d+\. /, ''));
    expect(steps.length).toBeGreaterThan(40);
    expect(steps[0]).toMatch(/^(move|play) \S+ from (column [1-6]|the bouquet|its foundation) to /);
    // Replayed from the words alone, as a player would follow them in PySolFC.
    const pos = parterre.position(withVariant(pysolfcDeal(number('2')), 'foundations=removable'));
    steps.forEach((text, i) => {
      const p = parseWords(pos, text);
      if (!p.ok) throw new Error(`step ${i + 1} "${text}": ${p.reason}`);
      pos.make(p.move);
    });
    expect(pos.won()).toBe(true);
    // At the published budget, the published grade stands (no probes run).
    const pub = await run('pysolfc', '2');
    expect(pub.out).toMatch(/How hard: (easy|medium|hard) \(the published grade/);
    expect(pub.out).toContain('The winning line, step by step: patience pysolfc 2 --line');
    // Graded afresh (another budget), the line is walked but printed only on request.
    const measured = await run('pysolfc', '2', '--max-nodes', '4000000');
    expect(measured.out).toMatch(/How hard: (easy|medium|hard)\. Along the winning line/);
    expect(measured.out).toContain('The winning line, step by step: patience pysolfc 2 --line');
    expect(measured.out).not.toMatch(/^\s+1\. /m);
  });

  it('says when a game cannot be won, and when the budget did not decide it', async () => {
    const no = await run('pysolfc', '65');
    expect(no.out).toContain('Winnable: no. The solver tried every line');
    const unknown = await run('pysolfc', '5', '--max-nodes', '5000');
    expect(unknown.out).toContain('Winnable: not known. The solver did not decide within 5,000 nodes');
  });

  it('--list prints numbers from the published table; bad combinations are one line', async () => {
    const w = await run('pysolfc', '--list', 'winnable', '--count', '5');
    expect(w.code).toBe(0);
    expect(w.out.split('\n')[0]).toMatch(/^PySolFC's Flower Garden games winnable under its rules: \d+ of the \d+/);
    const listed = w.out.split('\n')[1].split(' ').map(Number);
    expect(listed).toHaveLength(5);
    expect(listed[0]).toBe(2);
    expect((await run('pysolfc', '--list', 'unwinnable', '--count', '1')).out.split('\n')[1]).toBe('1');
    for (const args of [
      ['pysolfc', '--list', 'winnable', '7'],
      ['pysolfc', '--list', 'unwinnable', '--grade', 'easy'],
      ['pysolfc', '--list', 'winnable', '--variant', 'foundations=final'],
      ['pysolfc', '7', '--grade', 'easy'],
      ['pysolfc'],
    ]) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe("the play page's PySolFC numbers", () => {
  it("parses a number to the deal document the page loads, under PySolFC's rules, with its title", () => {
    const p = pysolfcNumbering.parse(' #ms12345 ');
    expect(p).toMatchObject({ ok: true, title: 'PySolFC game #12345' });
    if (!p.ok) return;
    const doc = JSON.parse(p.dealJson);
    const deal = parterre.dealFromJson(doc, 'page');
    expect(deal).toEqual(withVariant(pysolfcDeal(number('12345')), 'foundations=removable'));
    expect(doc).toMatchObject({ seed: 'pysolfc#12345', variant: { foundations: 'removable' } });
    expect(pysolfcNumbering.parse('32000')).toMatchObject({ ok: true, title: 'PySolFC game #32000' });
    expect(pysolfcNumbering.parse('0')).toMatchObject({ ok: false, reason: expect.stringMatching(/no game 0/) });
    expect(pysolfcNumbering.parse('-3')).toMatchObject({ ok: false });
    expect(pysolfcNumbering.key).toBe('pysolfc');
  });
});
