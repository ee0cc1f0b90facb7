/**
 * `stich examples doppelkopf [--out DIR]`: writes examples/doppelkopf/, one record per special rule, by a
 * seeded search: for each feature, deals (random, or with some hands fixed) and play (random legal cards,
 * the feature's reservations and announcements) from the seeds `<feature>:<try>`, tried in order until the
 * finished match shows the feature. The same engine gives the same files; every record replays with
 * `npx stich replay FILE` (packages/cli/test/examples.test.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AnyGame,
  type Card,
  gameById,
  newRecord,
  type RecordStep,
  type Rng,
  seeded,
} from '@stich/engine';
import type { Command } from './commands.ts';
import { parseOptions, printJson } from './io.ts';

type Action = { readonly t: string } & Readonly<Record<string, unknown>>;
type Party = 're' | 'kontra';

/** What the generator reads of a finished deal (the outcome, docs/record-format.md). */
export interface DealSeen {
  readonly contract: {
    kind: string;
    declarer?: number | null;
    partner?: number | null;
    solo?: string | null;
  };
  readonly parties: { re: readonly number[]; kontra: readonly number[] };
  readonly tricks: readonly {
    plays: readonly (readonly [number, string])[];
    winner: number;
    points: number;
  }[];
  readonly winner: Party | 'none';
  readonly items: readonly { kind: string; party: Party; points: number }[];
}

interface Ctx {
  /** The hands as dealt this deal, by seat. */
  readonly hands: readonly (readonly Card[])[];
  readonly legal: readonly Action[];
  readonly seat: number;
  readonly phase: string;
}

export interface Feature {
  /** File name without `.json`. */
  readonly name: string;
  /** What the record shows (its `meta.shows`). */
  readonly shows: string;
  readonly preset: 'ddv' | 'house';
  readonly options?: Readonly<Record<string, unknown>>;
  /** Fixed cards by seat for the deal (the rest dealt at random); seat 0 is the forehand. */
  readonly fixed?: Readonly<Record<number, readonly Card[]>>;
  /** The answer in the Vorbehalt round or when asked to declare; undefined: healthy, or the first game offered. */
  reserve?(ctx: Ctx): Action | undefined;
  /** An announcement `ctx.seat` makes now, if any (asked of every seat in `toAct` before each card). */
  announce?(ctx: Ctx): Action | undefined;
  /** Whether the finished match shows the feature. */
  accept(deals: readonly DealSeen[]): boolean;
}

const has = (legal: readonly Action[], a: Action): boolean =>
  legal.some((x) => JSON.stringify(x) === JSON.stringify(a));
const count = (hand: readonly Card[], card: Card): number => hand.filter((c) => c === card).length;
const item = (d: DealSeen, kind: string) => d.items.find((i) => i.kind === kind);
const only = (deals: readonly DealSeen[]): DealSeen | undefined =>
  deals.length === 1 ? deals[0] : undefined;
const declare = (game: string): Action => ({ t: 'declare', game });

/** Seat 0 (the forehand) declares `game`, everybody else is healthy. */
const forehandDeclares =
  (game: string) =>
  ({ seat, legal }: Ctx): Action | undefined => {
    if (seat !== 0) return undefined;
    if (has(legal, { t: 'reserve' })) return { t: 'reserve' };
    return has(legal, declare(game)) ? declare(game) : undefined;
  };

/** The holder of both Kreuz-Damen reserves and declares Hochzeit. */
const hochzeit = ({ seat, legal, hands }: Ctx): Action | undefined => {
  if (count(hands[seat], 'CQ') !== 2) return undefined;
  if (has(legal, { t: 'reserve' })) return { t: 'reserve' };
  return has(legal, declare('hochzeit')) ? declare('hochzeit') : undefined;
};

/** `who` announces `call` as soon as it may. */
const announces =
  (who: (ctx: Ctx) => boolean, call: string) =>
  (ctx: Ctx): Action | undefined => {
    const a = { t: 'announce', call };
    return who(ctx) && has(ctx.legal, a) ? a : undefined;
  };

const LEVELS = ['keine90', 'keine60', 'keine30', 'schwarz'] as const;
/** The 12 highest trumps of a Karo-Solo: whoever holds them takes every trick when he leads. */
const TOP_TRUMPS: readonly Card[] = ['HT', 'HT', 'CQ', 'CQ', 'SQ', 'SQ', 'HQ', 'HQ', 'DQ', 'DQ', 'CJ', 'CJ'];
/** Twelve cards that win nothing in a Damen-Solo led by others... mostly: nines and Kings. */
const WEAK: readonly Card[] = ['C9', 'C9', 'S9', 'S9', 'H9', 'H9', 'D9', 'D9', 'CK', 'SK', 'HK', 'DK'];

const DDV1 = { games: 1, pflichtsolo: false };
const HOUSE1 = { games: 1 };

const ddvFeatures: Feature[] = [
  {
    name: 'dullen-first-wins',
    shows: 'DDV: both Herz-Zehn (Dullen) in one trick, the first takes it',
    preset: 'ddv',
    options: DDV1,
    accept: (deals) =>
      deals.some((d) =>
        d.tricks.some((t) => {
          const dullen = t.plays.filter(([, c]) => c === 'HT');
          return dullen.length === 2 && t.winner === dullen[0][0];
        }),
      ),
  },
  {
    name: 'hochzeit-found',
    shows: 'Hochzeit: the first trick the holder of both Kreuz-Damen does not take finds his partner',
    preset: 'ddv',
    options: DDV1,
    reserve: hochzeit,
    accept: (deals) => {
      const d = only(deals);
      return d?.contract.kind === 'hochzeit' && d.contract.partner != null && d.parties.re.length === 2;
    },
  },
  {
    name: 'hochzeit-alone',
    shows: 'Hochzeit: the holder takes the first three tricks and plays alone (scored as a solo)',
    preset: 'ddv',
    options: DDV1,
    reserve: hochzeit,
    accept: (deals) => {
      const d = only(deals);
      return d?.contract.kind === 'hochzeit' && d.contract.partner == null && d.parties.re.length === 1;
    },
  },
  {
    name: 'silent-hochzeit',
    shows: 'stilles Solo: both Kreuz-Damen in one hand, nothing said; the others learn it from the cards',
    preset: 'ddv',
    options: DDV1,
    accept: (deals) => only(deals)?.contract.kind === 'silent-solo',
  },
  ...['queens', 'jacks', 'clubs', 'spades', 'hearts', 'diamonds', 'fleischlos'].map(
    (solo): Feature => ({
      name: `solo-${solo}`,
      shows: `a Lustsolo: ${solo}`,
      preset: 'ddv',
      options: DDV1,
      reserve: forehandDeclares(solo),
      accept: (deals) => {
        const d = only(deals);
        return d?.contract.kind === 'solo' && d.contract.solo === solo && d.contract.declarer === 0;
      },
    }),
  ),
  {
    name: 'two-solo-candidates',
    shows: 'DDV: two seats with a Vorbehalt name a solo; the first in seat order plays (no bidding in DDV)',
    preset: 'ddv',
    options: DDV1,
    reserve: ({ seat, legal }) =>
      seat === 0 || seat === 2
        ? has(legal, { t: 'reserve' })
          ? { t: 'reserve' }
          : has(legal, declare(seat === 0 ? 'jacks' : 'queens'))
            ? declare(seat === 0 ? 'jacks' : 'queens')
            : undefined
        : undefined,
    accept: (deals) => {
      const d = only(deals);
      return d?.contract.kind === 'solo' && d.contract.declarer === 0 && d.contract.solo === 'jacks';
    },
  },
  {
    name: 'pflichtsolo-vorfuehrung',
    shows: 'DDV with Pflichtsolo, a 1-game match: the forehand must play his Pflichtsolo (Vorführung)',
    preset: 'ddv',
    options: { games: 1, pflichtsolo: true },
    accept: (deals) => only(deals)?.contract.kind === 'solo',
  },
  ...(['fuchsGefangen', 'doppelkopf', 'karlchen', 'gegenDieAlten'] as const).map(
    (kind): Feature => ({
      name: `special-${kind}`,
      shows: `the game-value item ${kind}`,
      preset: 'ddv',
      options: DDV1,
      accept: (deals) => {
        const d = only(deals);
        return d !== undefined && item(d, kind) !== undefined;
      },
    }),
  ),
  // Re and Kontra in normal games: a holder of a Kreuz-Dame says Re, a seat without one says Kontra.
  ...(['re', 'kontra'] as const).flatMap((call) =>
    [true, false].map(
      (made): Feature => ({
        name: `announce-${call}-${made ? 'made' : 'missed'}`,
        shows: `${call === 're' ? 'Re' : 'Kontra'} announced and ${made ? 'won' : 'lost'}`,
        preset: 'ddv',
        options: DDV1,
        announce: announces(({ hands, seat }) => (count(hands[seat], 'CQ') === 1) === (call === 're'), call),
        accept: (deals) => {
          const d = only(deals);
          return (
            d?.contract.kind === 'normal' &&
            item(d, `${call}Announced`) !== undefined &&
            (d.winner === call) === made
          );
        },
      }),
    ),
  ),
  // keine 90 ... schwarz by a Karo-Soloist: made with the top trumps, missed at random.
  ...LEVELS.flatMap((call) =>
    [true, false].map(
      (made): Feature => ({
        name: `announce-${call}-${made ? 'made' : 'missed'}`,
        shows: `${call} announced (with the lower levels) by a soloist, and ${made ? 'made' : 'missed'}`,
        preset: 'ddv',
        options: DDV1,
        ...(made && call !== 'keine90' ? { fixed: { 0: TOP_TRUMPS } } : {}),
        reserve: forehandDeclares('diamonds'),
        announce: announces(({ seat }) => seat === 0, call),
        accept: (deals) => {
          const d = only(deals);
          return (
            d?.contract.kind === 'solo' &&
            item(d, `${call}Announced`) !== undefined &&
            (d.winner === 're') === made
          );
        },
      }),
    ),
  ),
  // The Kontra party's levels against a Damen-Soloist: made against a weak hand, missed at random.
  ...LEVELS.flatMap((call) =>
    [true, false].map(
      (made): Feature => ({
        name: `announce-kontra-${call}-${made ? 'made' : 'missed'}`,
        shows: `${call} announced by the Kontra party against a solo, and ${made ? 'made' : 'missed'}`,
        preset: 'ddv',
        options: DDV1,
        ...(made ? { fixed: { 0: WEAK } } : {}),
        reserve: forehandDeclares('queens'),
        announce: announces(({ seat }) => seat === 1, call),
        accept: (deals) => {
          const d = only(deals);
          return (
            d?.contract.kind === 'solo' &&
            item(d, `${call}Announced`) !== undefined &&
            (d.winner === 'kontra') === made
          );
        },
      }),
    ),
  ),
];

/** What the outcome shows of the house rules (house.ts `HouseResult`). */
interface HouseSeen {
  readonly redeal: string | null;
  readonly bids: readonly { seat: number; call: string }[];
  readonly armut: {
    poor: number;
    taker: number;
    shoved: readonly number[];
    trumpsBack: boolean | null;
  } | null;
  readonly schwein: { seat: number; trick: number } | null;
}
const house = (d: DealSeen | undefined): HouseSeen | undefined =>
  (d as (DealSeen & { house?: HouseSeen | null }) | undefined)?.house ?? undefined;

/** Two trumps (Karo-Zehn, Karo-König) and eight plain cards of the 40-card deck: a poor hand. */
const POOR: readonly Card[] = ['DT', 'DK', 'CA', 'CA', 'CT', 'SA', 'SA', 'ST', 'HA', 'HA'];
/** Every seat offered the Armut cards takes them (`take`), or every one passes them on (`shove`). */
const armut =
  (answer: 'take' | 'shove') =>
  ({ seat, legal }: Ctx): Action | undefined => {
    if (seat === 0 && has(legal, { t: 'reserve' })) return { t: 'reserve' };
    if (seat === 0 && has(legal, declare('armut'))) return declare('armut');
    return has(legal, { t: answer }) ? { t: answer } : undefined;
  };
const armutPlayed = (trumpsBack: boolean) => (deals: readonly DealSeen[]) => {
  const d = only(deals);
  const a = house(d)?.armut;
  return d?.contract.kind === 'armut' && a?.taker === 1 && a.trumpsBack === trumpsBack;
};

const houseFeatures: Feature[] = [
  {
    name: 'house-dullen-second-wins',
    shows: '004: "Die zweite Dulle sticht die erste": both Herz-Zehn in one trick, the second takes it',
    preset: 'house',
    options: HOUSE1,
    accept: (deals) =>
      deals.some((d) =>
        d.tricks.some((t) => {
          const dullen = t.plays.filter(([, c]) => c === 'HT');
          return dullen.length === 2 && t.winner === dullen[1][0];
        }),
      ),
  },
  {
    name: 'house-schwein',
    shows:
      '004 Schwein: both Füchse in one hand; the second becomes a Schwein once the first has taken a trick (normal game)',
    preset: 'house',
    options: HOUSE1,
    fixed: { 0: ['DA', 'DA'] },
    accept: (deals) => only(deals)?.contract.kind === 'normal' && house(only(deals))?.schwein != null,
  },
  {
    name: 'house-krankheit-redeal',
    shows: '004 Krankheit: five Kings, the sick player insists, the same dealer deals again at once',
    preset: 'house',
    options: HOUSE1,
    fixed: { 0: ['CK', 'CK', 'SK', 'SK', 'HK'] },
    reserve: ({ seat, legal }) => (seat === 0 && has(legal, { t: 'sick' }) ? { t: 'sick' } : undefined),
    accept: (deals) =>
      deals.length === 2 && house(deals[0])?.redeal === 'krankheit' && deals[1].contract.kind !== 'redeal',
  },
  {
    name: 'house-armut-trumps-back',
    shows: '004 Armut: the poor player gives his cards, his neighbour takes them and returns trumps',
    preset: 'house',
    options: HOUSE1,
    fixed: { 0: POOR },
    reserve: armut('take'),
    accept: armutPlayed(true),
  },
  {
    name: 'house-armut-no-trumps-back',
    shows: '004 Armut: taken, and no trumps come back',
    preset: 'house',
    options: HOUSE1,
    fixed: { 0: POOR },
    reserve: armut('take'),
    accept: armutPlayed(false),
  },
  {
    name: 'house-armut-redeal',
    shows: '004 Armut: every other player passes the cards on ("Schieben alle Mitspieler"), so a redeal',
    preset: 'house',
    options: HOUSE1,
    fixed: { 0: POOR },
    reserve: armut('shove'),
    accept: (deals) =>
      deals.length === 2 &&
      house(deals[0])?.redeal === 'armut-refused' &&
      house(deals[0])?.armut?.shoved.length === 3,
  },
  {
    name: 'house-two-poor-redeal',
    shows: '004: "Sind sogar zwei Spieler arm, so wird neu gegeben"',
    preset: 'house',
    options: HOUSE1,
    fixed: {
      0: ['CA', 'CA', 'CT', 'CT', 'CK', 'CK', 'SA', 'DK', 'DK', 'DT'],
      1: ['SA', 'ST', 'ST', 'SK', 'SK', 'HA', 'HA', 'HK', 'HK', 'DA'],
    },
    reserve: ({ seat, legal }) =>
      seat > 1
        ? undefined
        : has(legal, { t: 'reserve' })
          ? { t: 'reserve' }
          : has(legal, declare('armut'))
            ? declare('armut')
            : undefined,
    accept: (deals) => deals.length === 2 && house(deals[0])?.redeal === 'two-poor',
  },
  {
    name: 'house-solo-bidding',
    shows: '004 Reizen: two solo candidates bid announcement levels; the rear one outbids the front one',
    preset: 'house',
    options: HOUSE1,
    reserve: ({ seat, legal }) => {
      if ((seat === 0 || seat === 2) && has(legal, { t: 'solo' })) return { t: 'solo' };
      const bid = legal.find((a) => a.t === 'bid');
      // The rear player (seat 2) bids up to KEINE-60; the front player (seat 0) holds up to KEINE-90.
      if (bid)
        return (seat === 2 ? bid.call !== 'keine30' : bid.call === 're' || bid.call === 'keine90')
          ? bid
          : { t: 'fold' };
      return seat === 2 && has(legal, declare('jacks')) ? declare('jacks') : undefined;
    },
    accept: (deals) => {
      const d = only(deals);
      return d?.contract.kind === 'solo' && d.contract.declarer === 2 && (house(d)?.bids.length ?? 0) >= 4;
    },
  },
  {
    name: 'house-hochzeit-found',
    shows: '004 Hochzeit: announced as Vorbehalt, the first other player to take a trick is the partner',
    preset: 'house',
    options: HOUSE1,
    reserve: hochzeit,
    accept: (deals) => {
      const d = only(deals);
      return d?.contract.kind === 'hochzeit' && d.contract.partner != null;
    },
  },
  {
    name: 'house-silent-hochzeit',
    shows: '004: a Hochzeit played silently as "stilles Solo"',
    preset: 'house',
    options: HOUSE1,
    accept: (deals) => only(deals)?.contract.kind === 'silent-solo',
  },
  {
    name: 'house-hochzeit-alone',
    shows: '004 Hochzeit: the holder takes the first three tricks and plays alone',
    preset: 'house',
    options: HOUSE1,
    reserve: hochzeit,
    accept: (deals) => {
      const d = only(deals);
      return d?.contract.kind === 'hochzeit' && d.contract.partner == null && d.parties.re.length === 1;
    },
  },
  // 004 announcements (KEINE-1 is the call `schwarz`) by a Karo-Soloist: made with the top trumps, missed at random.
  ...(['re', ...LEVELS] as const).flatMap((call) =>
    [true, false].map(
      (made): Feature => ({
        name: `house-announce-${call}-${made ? 'made' : 'missed'}`,
        shows: `004: ${call === 'schwarz' ? 'KEINE-1' : call} announced by a soloist, and ${made ? 'made' : 'missed'}`,
        preset: 'house',
        options: HOUSE1,
        ...(made && call !== 're' && call !== 'keine90' ? { fixed: { 0: TOP_TRUMPS.slice(0, 10) } } : {}),
        reserve: ({ seat, legal }) =>
          seat !== 0
            ? undefined
            : has(legal, { t: 'solo' })
              ? { t: 'solo' }
              : has(legal, declare('diamonds'))
                ? declare('diamonds')
                : undefined,
        announce: announces(({ seat }) => seat === 0, call),
        accept: (deals) => {
          const d = only(deals) as
            | (DealSeen & { announcements?: { seat: number; call: string }[] })
            | undefined;
          return (
            d?.contract.kind === 'solo' &&
            (d.announcements ?? []).some((a) => a.seat === 0 && a.call === call) &&
            (d.winner === 're') === made
          );
        },
      }),
    ),
  ),
  ...(['fuchsGefangen', 'doppelkopf', 'karlchen', 'gegenDieAlten', 'gegenDenSolisten'] as const).map(
    (kind): Feature => ({
      name: `house-special-${kind}`,
      shows: `house scoring: the item ${kind}`,
      preset: 'house',
      options: HOUSE1,
      ...(kind === 'gegenDenSolisten'
        ? {
            reserve: ({ seat, legal }: Ctx) =>
              seat === 0 && has(legal, { t: 'solo' })
                ? { t: 'solo' }
                : seat === 0 && has(legal, declare('queens'))
                  ? declare('queens')
                  : undefined,
          }
        : {}),
      accept: (deals) => {
        const d = only(deals);
        return d !== undefined && item(d, kind) !== undefined;
      },
    }),
  ),
];

export const FEATURES: readonly Feature[] = [...ddvFeatures, ...houseFeatures];

/** A deal with `fixed` cards in place and the rest of the deck shuffled by `rng` into the other slots. */
function dealWith(game: AnyGame, state: unknown, rng: Rng, fixed: Feature['fixed']): { hands: Card[][] } {
  const random = game.randomDeal(state, rng) as { hands: Card[][] };
  if (!fixed) return random;
  const rest = random.hands.flat();
  const hands: Card[][] = random.hands.map((h, seat) => {
    const f = [...(fixed[seat] ?? [])];
    for (const c of f) rest.splice(rest.indexOf(c), 1);
    return f.concat(new Array(h.length - f.length));
  });
  let i = 0;
  for (const h of hands) for (let k = 0; k < h.length; k++) if (h[k] === undefined) h[k] = rest[i++];
  return { hands };
}

export interface Example {
  readonly record: ReturnType<typeof newRecord>;
  readonly tries: number;
}

/** Plays seeded tries of `f` until one shows it; undefined after `maxTries`. */
export function findExample(game: AnyGame, f: Feature, maxTries = 20000): Example | undefined {
  const config = { players: 4, preset: f.preset, options: f.options ?? {} };
  const parsed = game.parseConfig(config);
  if (!parsed.ok) throw new Error(`${f.name}: ${parsed.error.reason}`);
  for (let t = 0; t < maxTries; t++) {
    const seed = `${f.name}:${t}`;
    const rng = seeded(seed);
    const record = newRecord(game.id, config, 3);
    const deals = record.deals as { hands: Card[][] }[];
    const actions = record.actions as RecordStep[];
    let state = game.start(parsed.value, 3);
    let hands: Card[][] = [];
    const step = (seat: number, action: Action): void => {
      const next = game.apply(state, seat, action);
      if (!next.ok) throw new Error(`${f.name}: ${next.error.reason}`);
      state = next.value;
      actions.push({ seat, action });
    };
    for (let guard = 0; !game.isOver(state) && guard < 5000; guard++) {
      if (game.awaitsDeal(state)) {
        // Fixed cards in the first deal only: a redeal is dealt at random.
        const deal = dealWith(game, state, rng, deals.length === 0 ? f.fixed : undefined);
        const next = game.applyDeal(state, deal);
        if (!next.ok) throw new Error(`${f.name}: ${next.error.reason}`);
        state = next.value;
        hands = deal.hands;
        deals.push(deal);
        continue;
      }
      const phase = game.phase(state);
      const seats = game.toAct(state) as readonly number[];
      let acted = false;
      if (phase === 'play' && f.announce)
        for (const seat of seats) {
          const a = f.announce({ hands, seat, phase, legal: game.legalActions(state, seat) });
          if (a) {
            step(seat, a);
            acted = true;
            break;
          }
        }
      if (acted) continue;
      const seat = seats[0];
      const legal = game.legalActions(state, seat) as readonly Action[];
      const plays = legal.filter((a) => a.t === 'play');
      if (plays.length > 0) {
        step(seat, plays[rng.int(plays.length)]);
        continue;
      }
      const own = f.reserve?.({ hands, seat, phase, legal });
      // Without the feature's choice: healthy, else the first game offered, else any step of the phase
      // (an Armut card to give, ...) but an announcement.
      const steps = legal.filter((a) => a.t !== 'announce' && a.t !== 'quiet');
      const chosen =
        own && has(legal, own)
          ? own
          : (legal.find((a) => a.t === 'healthy') ??
            legal.find((a) => a.t === 'declare') ??
            steps[rng.int(Math.max(1, steps.length))]);
      if (!chosen) throw new Error(`${f.name}: no action for seat ${seat} in phase ${phase}`);
      step(seat, chosen);
    }
    if (!game.isOver(state)) continue;
    const seen = game.outcome(state).deals as DealSeen[];
    if (f.accept(seen))
      return {
        record: { ...record, meta: { shows: f.shows, generator: 'npx stich examples doppelkopf', seed } },
        tries: t + 1,
      };
  }
  return undefined;
}

/** The list of examples, written beside them. */
export function examplesReadme(): string {
  const rows = FEATURES.map((f) => `| [${f.name}.json](${f.name}.json) | \`${f.preset}\` | ${f.shows} |`);
  return `# Doppelkopf example records

One record per special rule, written by \`npx stich examples doppelkopf\` (packages/cli/src/examples.ts): a
seeded search over deals and random play until the match shows the rule, so the files are reproducible
(a test regenerates them and replays each with \`npx stich replay FILE\`). Seat 3 deals, seat 0 is the
forehand. Rules of the house preset that the engine does not have yet get their records when it does.

| record | preset | shows |
| --- | --- | --- |
${rows.join('\n')}
`;
}

const KIND_ORDER = 'CSHD';
const RANK_ORDER = '9TJQKA';
const byKind = (a: Card, b: Card): number =>
  KIND_ORDER.indexOf(a[0]) - KIND_ORDER.indexOf(b[0]) || RANK_ORDER.indexOf(a[1]) - RANK_ORDER.indexOf(b[1]);

/** A record as the examples keep it: one line per hand and per action, hands sorted for reading. */
export function formatRecord(record: Example['record']): string {
  const j = JSON.stringify;
  const deals = (record.deals as { hands: Card[][] }[]).map(
    (d) => `    { "hands": [\n${d.hands.map((h) => `      ${j([...h].sort(byKind))}`).join(',\n')}\n    ] }`,
  );
  return `{
  "format": "stich-record", "version": 1, "game": ${j(record.game)},
  "meta": ${j(record.meta)},
  "config": ${j(record.config)},
  "dealer": ${record.dealer},
  "deals": [
${deals.join(',\n')}
  ],
  "actions": [
${record.actions.map((a) => `    ${j(a)}`).join(',\n')}
  ]
}
`;
}

export const examplesCommand: Command = {
  summary: 'examples doppelkopf [--out DIR] — write one record per special rule (seeded search)',
  async run(args, out) {
    const [name, ...rest] = args;
    const opts = parseOptions(rest, ['out', 'only']);
    const game = gameById('doppelkopf');
    if (name !== 'doppelkopf' || !opts.ok || !game) {
      printJson(out, {
        error: {
          code: 'usage',
          reason: !game
            ? 'the engine has no doppelkopf yet'
            : opts.ok
              ? 'usage: stich examples doppelkopf [--out DIR] [--only NAME]'
              : opts.reason,
        },
      });
      return 2;
    }
    const dir = opts.options.out ?? join(import.meta.dirname, '..', '..', '..', 'examples', 'doppelkopf');
    await mkdir(dir, { recursive: true });
    const written: Record<string, number | null> = {};
    for (const f of FEATURES) {
      if (opts.options.only && f.name !== opts.options.only) continue;
      const found = findExample(game, f);
      written[f.name] = found?.tries ?? null;
      if (found) await writeFile(join(dir, `${f.name}.json`), formatRecord(found.record));
    }
    if (!opts.options.only) await writeFile(join(dir, 'README.md'), examplesReadme());
    printJson(out, { out: dir, tries: written });
    return Object.values(written).every((t) => t !== null) ? 0 : 1;
  },
};
