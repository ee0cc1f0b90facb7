import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'packages', 'cli', 'bin', 'stich.js');

describe('stich analyze', () => {
  it('prints the analysis of one deal of a record as JSON', async () => {
    const file = join(root, 'examples', 'klaberjass', 'maker-loses.json');
    const { stdout } = await run(process.execPath, [bin, 'analyze', file, '--deal', '0']);
    const a = JSON.parse(stdout);
    expect(a.game).toBe('klaberjass');
    expect(a.unit).toBe('card points');
    expect(a.deals.map((d: { deal: number }) => d.deal)).toEqual([0]);
    const cards = a.deals[0].moves.filter((m: { kind: string }) => m.kind === 'card');
    expect(cards).toHaveLength(18);
    expect(a.match).toHaveLength(2);
  });

  // Issue 21: the server writes every deal with its proof of a fair shuffle (`fair`), which the replay drops.
  it.each([
    ['doppelkopf', 'announce-re-made.json'],
    ['differenzler', 'one-round.json'],
  ])('analyses a %s record whose deals carry a fair proof', async (game, name) => {
    const record = JSON.parse(readFileSync(join(root, 'examples', game, name), 'utf8'));
    const proof = { version: 1, commitment: '00'.repeat(32), seed: '11'.repeat(32), clients: [] };
    record.deals = record.deals.map((d: object) => ({ ...d, fair: proof }));
    const file = join(mkdtempSync(join(tmpdir(), 'stich-analyze-')), 'record.json');
    writeFileSync(file, JSON.stringify(record));
    const r = await run(process.execPath, [bin, 'analyze', file, '--deal', '0']).catch((e) => e);
    expect(r.stderr ?? '').toBe('');
    const a = JSON.parse(r.stdout);
    expect(a.game).toBe(game);
    expect(a.deals[0].moves.length).toBeGreaterThan(0);
  });

  it('answers a missing file with an io error and exit status 1', async () => {
    const r = await run(process.execPath, [bin, 'analyze', '/nonexistent.json']).catch((e) => e);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe('io');
  });
});
