/**
 * Doppelkopf option combinations and the `solos` option (docs/rules/doppelkopf.md "Option combinations",
 * "Solos"): an explicit option wins over a preset's value that contradicts it, two explicit options that
 * contradict each other are refused, and only the solo kinds a table plays are offered.
 */
import { describe, expect, it } from 'vitest';
import {
  type DoppelkopfAction,
  type DoppelkopfState,
  doppelkopf as G,
  type ScoreItem,
} from '../src/doppelkopf/index.ts';
import { type Card, unwrap } from '../src/index.ts';

type S = DoppelkopfState;

const parse = (preset: 'ddv' | 'house', options: object) => G.parseConfig({ players: 4, preset, options });

describe('option combinations: two explicit options that contradict each other are refused', () => {
  it.each([
    ['ddv', { melden: 'ddv', armut: 'three' }, 'Armut is claimed in'],
    ['house', { melden: 'ddv', armut: 'trumps' }, 'Armut is claimed in'],
    ['house', { melden: 'ddv', krankheit: true }, 'Krankheit is claimed in'],
    ['ddv', { melden: 'house', immediateSolo: true }, 'immediate solo belongs to the DDV'],
    ['house', { scoring: 'ddv', credit: 'winners' }, 'crediting the winners only'],
    // Neither names melden, but Armut needs 004's round and an immediate solo the DDV round.
    ['ddv', { armut: 'three', immediateSolo: true }, 'contradicts option'],
    ['house', { krankheit: true, immediateSolo: true }, 'contradicts option'],
  ] as const)('%s %j: bad-config', (preset, options, why) => {
    const r = parse(preset, options);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad-config');
      expect(r.error.reason).toContain(why);
    }
  });
});

describe('option combinations: an explicit option wins, the preset values it contradicts follow it', () => {
  it.each([
    // Armut and Krankheit need 004's Melden round; the DDV preset's immediate solo then does not apply.
    ['ddv', { armut: 'three' }, { armut: 'three', melden: 'house', immediateSolo: false }],
    ['ddv', { krankheit: true }, { krankheit: true, melden: 'house', immediateSolo: false }],
    ['ddv', { melden: 'house' }, { melden: 'house', immediateSolo: false, armut: 'off', krankheit: false }],
    // The house preset with the DDV round: no Armut, no Krankheit.
    ['house', { melden: 'ddv' }, { melden: 'ddv', armut: 'off', krankheit: false, immediateSolo: false }],
    [
      'house',
      { immediateSolo: true },
      { immediateSolo: true, melden: 'ddv', armut: 'off', krankheit: false },
    ],
    // Crediting the winners only is 004's scoring; the DDV value is plus-minus.
    ['house', { scoring: 'ddv' }, { scoring: 'ddv', credit: 'zero-sum' }],
    ['ddv', { credit: 'winners' }, { credit: 'winners', scoring: 'house' }],
    // Combinations that mean something are kept as given.
    ['ddv', { schwein: 'fox' }, { schwein: 'fox', melden: 'ddv', scoring: 'ddv' }],
    ['house', { nines: true, deadlines: 'hand' }, { nines: true, deadlines: 'hand', melden: 'house' }],
    ['ddv', { fuchs: false }, { fuchs: false, scoring: 'ddv' }],
    ['ddv', { melden: 'house', armut: 'trumps' }, { melden: 'house', armut: 'trumps', immediateSolo: false }],
  ] as const)('%s %j', (preset, options, expected) => {
    const r = parse(preset, options);
    if (!r.ok) throw new Error(r.error.reason);
    expect(r.value.options).toMatchObject(expected);
  });

  it('each preset alone is consistent: nothing follows', () => {
    for (const preset of ['ddv', 'house'] as const) {
      const r = unwrap(G.parseConfig({ players: 4, preset }));
      expect(unwrap(parse(preset, r.options)).options).toEqual(r.options);
    }
  });
});

const act = (s: S, seat: number, a: DoppelkopfAction): S => {
  const r = G.apply(s, seat, a);
  if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(a)}: ${r.error.reason}`);
  return r.value;
};
const declared = (list: readonly DoppelkopfAction[]): string[] =>
  list.filter((a) => a.t === 'declare').map((a) => (a as { game: string }).game);

/** A 48-card deal (seats 0 and 2 hold one Kreuz-Dame each), dealer 3: seat 0 is the forehand. */
const DEAL: string[][] = [
  ['CQ', 'HT', 'SQ', 'DJ', 'DA', 'DK', 'CA', 'CT', 'SA', 'S9', 'HA', 'H9'],
  ['HT', 'HQ', 'HJ', 'DT', 'D9', 'CJ', 'CK', 'C9', 'ST', 'SK', 'HA', 'HK'],
  ['CQ', 'SQ', 'DQ', 'SJ', 'DA', 'DK', 'CA', 'CT', 'SA', 'S9', 'H9', 'HK'],
  ['HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DT', 'D9', 'CK', 'C9', 'ST', 'SK'],
];
/** The same without the nines (house preset). */
const DEAL40 = DEAL.map((h) => h.filter((c) => c[1] !== '9'));

function dealt(preset: 'ddv' | 'house', options: object, hands = preset === 'ddv' ? DEAL : DEAL40): S {
  const cfg = unwrap(parse(preset, options));
  const s = G.start(cfg, 3);
  return unwrap(G.applyDeal(s, unwrap(G.parseDeal(s, { hands: hands as Card[][] }))));
}

const ALL = ['diamonds', 'hearts', 'spades', 'clubs', 'jacks', 'queens', 'fleischlos'];
const KINDS: Record<string, string[]> = {
  all: ALL,
  'no-fleischlos': ALL.filter((g) => g !== 'fleischlos'),
  'queens-jacks': ['jacks', 'queens'],
};

describe('option solos: only the solo kinds the table plays are offered and accepted', () => {
  it.each(Object.entries(KINDS))(
    'ddv, solos %s: the immediate solo in the Vorbehalt round',
    (solos, kinds) => {
      const s = dealt('ddv', { solos, pflichtsolo: false });
      expect(declared(G.legalActions(s, 0))).toEqual(kinds);
      for (const game of ALL) {
        const r = G.apply(s, 0, { t: 'declare', game } as DoppelkopfAction);
        expect(r.ok, game).toBe(kinds.includes(game));
        if (!r.ok) expect(r.error.code).toBe('illegal-action');
      }
    },
  );

  it.each(Object.entries(KINDS))('ddv, solos %s: naming a Vorbehalt', (solos, kinds) => {
    let s = dealt('ddv', { solos, pflichtsolo: false, immediateSolo: false });
    s = act(s, 0, { t: 'reserve' });
    for (let seat = 1; seat < 4; seat++) s = act(s, seat, { t: 'healthy' });
    expect(s.phase).toBe('declare');
    expect(declared(G.legalActions(s, 0))).toEqual(kinds);
    expect(G.apply(s, 0, { t: 'declare', game: 'fleischlos' }).ok).toBe(kinds.includes('fleischlos'));
  });

  it('ddv, solos queens-jacks: the Vorführung (Pflichtsolo forced at the end) offers only those two', () => {
    const cfg = unwrap(parse('ddv', { solos: 'queens-jacks', games: 1 }));
    const s0 = G.start(cfg, 3);
    const s = unwrap(G.applyDeal(s0, unwrap(G.parseDeal(s0, { hands: DEAL as Card[][] }))));
    expect(s.phase).toBe('declare');
    expect(s.d.forced).toBe(0);
    expect(declared(G.legalActions(s, 0))).toEqual(['jacks', 'queens']);
    const played = act(s, 0, { t: 'declare', game: 'queens' });
    expect(played.d.contract).toMatchObject({
      kind: 'solo',
      solo: 'queens',
      pflicht: true,
      vorfuehrung: true,
    });
  });

  it.each(Object.entries(KINDS))('house, solos %s: the soloist names one of them', (solos, kinds) => {
    let s = dealt('house', { solos });
    s = act(s, 0, { t: 'solo' });
    for (let seat = 1; seat < 4; seat++) s = act(s, seat, { t: 'healthy' });
    expect(s.phase).toBe('declare');
    expect(declared(G.legalActions(s, 0))).toEqual(kinds);
    expect(G.apply(s, 0, { t: 'declare', game: 'hearts' }).ok).toBe(kinds.includes('hearts'));
  });

  it('random matches under every solos value play only allowed solos', () => {
    for (const preset of ['ddv', 'house'] as const)
      for (const [solos, kinds] of Object.entries(KINDS)) {
        const cfg = unwrap(parse(preset, { solos, games: 24 }));
        let s = G.start(cfg, 0);
        let seed = 1;
        const rng = {
          next: () => (seed = (seed * 1103515245 + 12345) >>> 0),
          int: (n: number) => rng.next() % n,
        };
        while (!G.isOver(s)) {
          if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
          else {
            const seat = G.toAct(s)[0];
            const list = G.legalActions(s, seat);
            for (const g of declared(list)) if (g !== 'hochzeit' && g !== 'armut') expect(kinds).toContain(g);
            s = unwrap(G.apply(s, seat, list[rng.int(list.length)]));
          }
        }
        for (const d of G.outcome(s).deals)
          if (d.contract.kind === 'solo') expect(kinds, `${preset} ${solos}`).toContain(d.contract.solo);
      }
  });
});

describe('Sonderpunkte options count under the DDV value too', () => {
  /** Special points of random deals under the DDV value with `options`. */
  const specials = (options: object): ScoreItem[] => {
    const cfg = unwrap(parse('ddv', { pflichtsolo: false, immediateSolo: false, games: 40, ...options }));
    let s = G.start(cfg, 0);
    let seed = 7;
    const rng = {
      next: () => (seed = (seed * 1103515245 + 12345) >>> 0),
      int: (n: number) => rng.next() % n,
    };
    while (!G.isOver(s)) {
      if (G.awaitsDeal(s)) s = unwrap(G.applyDeal(s, G.randomDeal(s, rng)));
      else {
        const seat = G.toAct(s)[0];
        // Everybody gesund: normal games, where special points count.
        const list = G.legalActions(s, seat);
        const a = list.find((x) => x.t === 'healthy') ?? list[rng.int(list.length)];
        s = unwrap(G.apply(s, seat, a));
      }
    }
    return G.outcome(s).deals.flatMap((d) => d.items);
  };
  const kinds = (items: ScoreItem[]) => new Set(items.map((i) => i.kind));

  it('all on (the preset): Fuchs gefangen, Doppelkopf and Karlchen occur', () => {
    const k = kinds(specials({}));
    expect(k.has('fuchsGefangen') && k.has('doppelkopf')).toBe(true);
  });
  it.each([
    ['fuchs', 'fuchsGefangen'],
    ['doppelkopfTrick', 'doppelkopf'],
  ])('%s false: no %s item', (option, kind) => {
    expect(kinds(specials({ [option]: false })).has(kind)).toBe(false);
  });
});
