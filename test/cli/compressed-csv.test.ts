import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../src/batch/csv.js';
import { readTextFile } from '../../src/io/files.js';
import { tempDir } from '../temp-dir.js';
import { run } from './run.js';

// A study's CSVs are kept compressed (data/parterre/*-shard-*.csv.gz): whatever reads a CSV reads
// a .gz file as gzip, and whatever writes one refuses a .gz name (it writes plain text).

const dir = tempDir('patience-gz-');
const f = (name: string) => join(dir, name);

const oneLineError = (r: { code: number; err: string }, message: RegExp) => {
  expect(r.code, r.err).toBe(2);
  expect(r.err).toMatch(message);
  expect(r.err.trim().split('\n'), r.err).toHaveLength(1);
};

describe('compressed CSVs', () => {
  beforeAll(async () => {
    const r = await run(
      'batch',
      'parterre',
      '--seeds',
      '1..6',
      '--max-nodes',
      '3000',
      '--workers',
      '1',
      '--out',
      f('pt.csv'),
    );
    if (r.code !== 0) throw new Error(r.err);
    writeFileSync(f('pt.csv.gz'), gzipSync(readFileSync(f('pt.csv'))));
  }, 60_000);

  it('summary says the same of a CSV and of its gzip', async () => {
    const plain = await run('summary', f('pt.csv'));
    const packed = await run('summary', f('pt.csv.gz'));
    expect(plain.code).toBe(0);
    expect(packed.code, packed.err).toBe(0);
    expect(packed.out.replaceAll('pt.csv.gz', 'pt.csv')).toBe(plain.out);
    expect(packed.out).toMatch(/Parterre: 6 deals/);
    expect(readCsvRows(f('pt.csv.gz')).rows).toEqual(readCsvRows(f('pt.csv')).rows);
  });

  it('report reads one', async () => {
    const r = await run('report', f('pt.csv.gz'), '--out', f('report.html'));
    expect(r.code, r.err).toBe(0);
    expect(existsSync(f('report.html'))).toBe(true);
  });

  it('a damaged or plain file named .gz: one line naming it', async () => {
    const whole = readFileSync(f('pt.csv.gz'));
    writeFileSync(f('cut.csv.gz'), whole.subarray(0, whole.length >> 1));
    writeFileSync(f('plain.csv.gz'), readFileSync(f('pt.csv')));
    oneLineError(
      await run('summary', f('cut.csv.gz')),
      /cut\.csv\.gz: not readable as gzip \(unexpected end of file\)/,
    );
    oneLineError(await run('summary', f('plain.csv.gz')), /plain\.csv\.gz: not readable as gzip/);
  });

  it('the size cap bounds the text it holds, not the compressed bytes', () => {
    writeFileSync(f('zeros.gz'), gzipSync(Buffer.alloc(1 << 20, 0x30)));
    expect(readTextFile(f('zeros.gz'), 2 << 20, 'a CSV file')).toHaveLength(1 << 20);
    expect(() => readTextFile(f('zeros.gz'), 1 << 19, 'a CSV file')).toThrow(
      /zeros\.gz: larger than the 1 MiB allowed for a CSV file once uncompressed/,
    );
  });

  it('an output named .gz is refused before any work (output is plain text)', async () => {
    oneLineError(
      await run('batch', 'parterre', '--seeds', '1', '--workers', '1', '--out', f('out.csv.gz')),
      /--out .*out\.csv\.gz: written as plain text; name it without \.gz/,
    );
    expect(existsSync(f('out.csv.gz'))).toBe(false);
  });
});
