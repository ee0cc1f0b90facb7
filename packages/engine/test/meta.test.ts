/**
 * Every game's description for clients (core/meta.ts) agrees with its `parseConfig`: presets give exactly
 * the listed values, every option is described and nothing else, every listed value is accepted and an
 * unlisted one refused. A changed default or bound in a config module fails here until its meta follows.
 */
import { describe, expect, it } from 'vitest';
import {
  GAME_META,
  GAMES,
  type GameId,
  type GameMeta,
  gameById,
  type OptionMeta,
  SPECTATOR,
  unwrap,
} from '../src/index.ts';

const ids = Object.keys(GAMES) as GameId[];

const metaOf = (id: GameId): GameMeta => {
  const m = GAME_META[id];
  if (!m) throw new Error(`${id} has no meta`);
  return m;
};

/** Values an option must refuse: outside its bounds, not whole, or not in its list. */
function refused(o: OptionMeta): unknown[] {
  if (o.kind === 'integer') return [o.min - 1, o.max + 1, o.min + 0.5, String(o.min)];
  const listed = o.values.map((v) => v.value);
  const out: unknown[] = ['no-such-value', 42];
  if (!listed.includes(true)) out.push(true);
  if (!listed.includes(false)) out.push(false);
  // A listed value of the wrong type (the string of a boolean) is another value.
  for (const v of listed) if (typeof v === 'boolean') out.push(String(v));
  return out;
}

function accepted(o: OptionMeta): unknown[] {
  return o.kind === 'integer' ? [o.min, o.max] : o.values.map((v) => v.value);
}

describe('GAME_META', () => {
  it('describes every registered game and nothing else', () => {
    expect(Object.keys(GAME_META).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(metaOf(id).id).toBe(id);
  });
});

describe.each(ids)('%s meta', (id) => {
  const game = gameById(id)!;
  const meta = metaOf(id);
  const players = meta.players[0];
  const parse = (input: unknown) => game.parseConfig(input);

  it('lists exactly the player counts parseConfig accepts', () => {
    for (let n = 0; n <= 8; n++) {
      const r = parse({ players: n, preset: meta.presets[0].id });
      expect(r.ok, `players ${n}`).toBe(meta.players.includes(n));
    }
  });

  it('gives each preset exactly its listed option values, for every player count', () => {
    expect(meta.presets.length).toBeGreaterThan(0);
    for (const p of meta.presets)
      for (const n of meta.players) {
        const r = parse({ players: n, preset: p.id });
        expect(r.ok, `${p.id} ${n}`).toBe(true);
        if (r.ok) expect(r.value.options).toEqual(p.options);
        const again = parse({ players: n, preset: p.id, options: p.options });
        expect(again.ok && again.value.options).toEqual(p.options);
      }
  });

  it('refuses a preset it does not list', () => {
    expect(parse({ players, preset: 'no-such-preset' }).ok).toBe(false);
  });

  it('describes every option of the config and nothing else', () => {
    const r = parse({ players, preset: meta.presets[0].id });
    if (!r.ok) throw new Error(r.error.reason);
    const keys = meta.options.map((o) => o.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(r.value.options).sort());
    for (const p of meta.presets) expect(Object.keys(p.options).sort()).toEqual([...keys].sort());
    expect(parse({ players, options: { noSuchOption: 1 } }).ok).toBe(false);
  });

  it('every preset value is one the option lists', () => {
    for (const p of meta.presets)
      for (const o of meta.options) {
        const v = p.options[o.key];
        if (o.kind === 'integer') {
          expect(Number.isInteger(v)).toBe(true);
          expect(v as number).toBeGreaterThanOrEqual(o.min);
          expect(v as number).toBeLessThanOrEqual(o.max);
        } else expect(o.values.map((c) => c.value)).toContain(v);
      }
  });

  it.each(meta.options.map((o) => [o.key, o] as const))(
    'option %s: listed values pass, others fail',
    (key, o) => {
      for (const preset of meta.presets)
        for (const v of accepted(o)) {
          const r = parse({ players, preset: preset.id, options: { [key]: v } });
          expect(r.ok, `${key}=${JSON.stringify(v)}`).toBe(true);
          if (r.ok) expect((r.value.options as Record<string, unknown>)[key]).toBe(v);
        }
      for (const v of refused(o)) {
        const r = parse({ players, options: { [key]: v } });
        expect(r.ok, `${key}=${JSON.stringify(v)} must be refused`).toBe(false);
        if (!r.ok) expect(r.error.code).toBe('bad-config');
      }
    },
  );

  it('has a name, a description and value labels in German and English', () => {
    const texts = [
      meta.name,
      ...meta.presets.flatMap((p) => [p.name, p.description]),
      ...meta.options.flatMap((o) => [
        o.name,
        o.description,
        ...(o.kind === 'choice' ? o.values.map((v) => v.label) : []),
      ]),
    ];
    for (const x of texts) {
      expect(x.de.trim()).not.toBe('');
      expect(x.en.trim()).not.toBe('');
      expect(x.de).not.toContain('\n');
      expect(x.en).not.toContain('\n');
    }
  });

  it('orders every rank once in trump and in the other suits', () => {
    const r = parse({ players });
    expect(r.ok).toBe(true);
    expect(new Set(meta.ranks.trump).size).toBe(meta.ranks.trump.length);
    expect([...meta.ranks.plain].sort()).toEqual([...meta.ranks.trump].sort());
  });

  it("names the parties of every player count as the game's views do", () => {
    expect(Object.keys(meta.parties).sort()).toEqual(meta.players.map(String).sort());
    for (const n of meta.players) {
      const parties = meta.parties[String(n)];
      expect(parties.flat().sort()).toEqual(Array.from({ length: n }, (_, i) => i));
      const view = game.viewFor(game.start(unwrap(parse({ players: n })), 0), SPECTATOR) as {
        parties?: unknown;
      };
      if (view.parties !== undefined) expect(parties).toEqual(view.parties);
    }
  });

  it('is plain JSON data', () => {
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  });
});
