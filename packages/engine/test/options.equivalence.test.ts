/**
 * The option schemas (core/options.ts) against the hand-written parsers they replaced: for every game, its
 * `GameMeta` and what `parseConfig` gives for each input of fixtures/options-snapshot/<game>.json (recorded from the
 * old code: every preset, every option's every value alone and in pairs, bounds, seeded random malformed
 * input) must be what the old code gave, down to the key order of the accepted config.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_META, type GameId, gameById } from '../src/index.ts';

interface Snapshot {
  readonly meta: unknown;
  readonly configs: readonly unknown[];
  readonly cases: readonly { readonly input: unknown; readonly config?: number; readonly error?: string }[];
}

const dir = new URL('./fixtures/options-snapshot/', import.meta.url);
const ids = readdirSync(dir).map((f) => f.replace(/\.json$/, '')) as GameId[];
const snapshot = Object.fromEntries(
  ids.map((id) => [id, JSON.parse(readFileSync(new URL(`${id}.json`, dir), 'utf8')) as Snapshot]),
) as Record<GameId, Snapshot>;

describe.each(ids)('%s: the option schema gives what the old parser gave', (id) => {
  const game = gameById(id)!;
  const old = snapshot[id];

  it('the same GameMeta', () => {
    expect(JSON.parse(JSON.stringify(GAME_META[id]))).toEqual(old.meta);
  });

  it(`the same result for each of the ${old.cases.length} recorded inputs`, () => {
    let accepted = 0;
    for (const c of old.cases) {
      const r = game.parseConfig(c.input);
      const what = JSON.stringify(c.input);
      if (c.error !== undefined) {
        expect(r.ok, `${what} must be refused`).toBe(false);
        if (!r.ok) expect(r.error.code, what).toBe(c.error);
      } else {
        expect(r.ok, `${what} must be accepted${r.ok ? '' : `, got ${r.error.reason}`}`).toBe(true);
        if (r.ok) expect(JSON.stringify(r.value), what).toBe(JSON.stringify(old.configs[c.config!]));
        accepted++;
      }
    }
    // Both sides of the parser are exercised, not only refusals.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(old.cases.length);
  });

  // Deliberate change: the old parsers looked option names up with `in` or an index, so names on
  // Object.prototype were accepted and ignored (Differenzler), accepted and copied into the options
  // (Doppelkopf's `hasOwnProperty`), or threw (Klapper-Jas). The schema knows its own options only.
  it.each(['toString', 'hasOwnProperty', 'constructor', '__proto__'])('refuses the option name %s', (key) => {
    const meta = GAME_META[id]!;
    const options = JSON.parse(`{${JSON.stringify(key)}: 1}`);
    const r = game.parseConfig({ players: meta.players[0], options });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-config');
      expect(r.error.reason).toContain(`unknown option ${key}`);
    }
  });
});
