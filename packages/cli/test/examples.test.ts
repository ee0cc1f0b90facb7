import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameById } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { type DealSeen, examplesReadme, FEATURES, findExample, formatRecord } from '../src/examples.ts';
import { replayText } from '../src/replay.ts';

const dir = join(import.meta.dirname, '..', '..', '..', 'examples', 'doppelkopf');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const game = gameById('doppelkopf');

describe('examples/doppelkopf', () => {
  it('holds one record per feature of the generator, and no other', () => {
    expect(files.sort()).toEqual(FEATURES.map((f) => `${f.name}.json`).sort());
  });

  it('lists every record in its README', () => {
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(examplesReadme());
  });

  it.each(FEATURES.map((f) => [f.name, f] as const))('%s replays and shows its feature', (name, feature) => {
    const text = readFileSync(join(dir, `${name}.json`), 'utf8');
    const result = replayText(text) as { error?: unknown; phase?: string; deals?: DealSeen[] };
    expect(result.error).toBeUndefined();
    expect(result.phase).toBe('over');
    expect(feature.accept(result.deals ?? [])).toBe(true);
    expect(JSON.parse(text).meta.shows).toBe(feature.shows);
  });

  it.skipIf(!game)('is what the seeded generator writes (regenerate: npx stich examples doppelkopf)', () => {
    if (!game) return;
    for (const f of FEATURES) {
      const found = findExample(game, f);
      expect(found, f.name).toBeDefined();
      if (found)
        expect(formatRecord(found.record), f.name).toBe(readFileSync(join(dir, `${f.name}.json`), 'utf8'));
    }
  });
});
