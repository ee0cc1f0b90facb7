/** The special rules `stich examples` looks for: how to deal and play towards each, and how to see in a finished deal that it happened. */
import type { Card } from '@stich/engine';
import { displayOrder, KIND_CARDS, orderOfSolo } from '@stich/engine/doppelkopf/index';

export type Action = { readonly t: string } & Readonly<Record<string, unknown>>;
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

export const has = (legal: readonly Action[], a: Action): boolean =>
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
/** The 12 highest trumps of a Karo-Solo (the engine's order): whoever holds them takes every trick when he leads. */
const TOP_TRUMPS: readonly Card[] = displayOrder(orderOfSolo('diamonds'))
  .slice(0, 6)
  .flatMap((k) => [KIND_CARDS[k], KIND_CARDS[k]]);
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
