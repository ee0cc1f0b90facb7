import { execFile } from 'node:child_process';
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

  it('answers a missing file with an io error and exit status 1', async () => {
    const r = await run(process.execPath, [bin, 'analyze', '/nonexistent.json']).catch((e) => e);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe('io');
  });
});
