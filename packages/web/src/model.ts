/**
 * What the table shows, read from a game's view. Views differ per game (each engine exports its own
 * View type); this module reads the fields the table draws and tolerates the ones a game lacks, so
 * the drawing code is one for all games. Nothing here decides a rule.
 */

export interface Played {
  readonly seat: number;
  readonly card: string;
}

export interface TrickModel {
  readonly cards: readonly Played[];
  readonly winner: number | null;
}

export interface TableModel {
  readonly game: string;
  readonly seats: number;
  readonly viewer: number | 'spectator';
  readonly phase: string;
  readonly toAct: readonly number[];
  readonly dealer: number | null;
  readonly hand: readonly string[] | null;
  readonly handCounts: readonly number[] | null;
  readonly trump: string | null;
  /** The turned card / Orgi proposal, when the rules show one. */
  readonly turned: string | null;
  readonly stockCount: number | null;
  /** The visible top card of a face-up stock (Klapper-Jas 2/3 players). */
  readonly stockTop: string | null;
  /** The suit proposed for the Orgi, before trump is fixed. */
  readonly proposed: string | null;
  /** The viewer's cards still lying face down aside (Klapper-Jas 2/3 players before trump is fixed). */
  readonly aside: number;
  /** Cards publicly known to be in each seat's hand. */
  readonly known: readonly (readonly string[])[];
  readonly kontraSeat: number | null;
  readonly reSeat: number | null;
  readonly belle: readonly number[];
  readonly trick: readonly Played[];
  readonly lastTrick: TrickModel | null;
  readonly tricksTaken: readonly number[] | null;
  /** Differenzler: estimates of this round (null = hidden or not given). */
  readonly estimates: readonly (number | null)[] | null;
  readonly points: readonly number[] | null;
  readonly scores: readonly number[] | null;
  /** Finished deals: the game's own result objects. */
  readonly results: readonly Record<string, unknown>[];
  /** Who plays (Klapper-Jas declarer / Klaberjass maker). */
  readonly declarer: number | null;
  readonly target: number | null;
  /** Short public notes per seat: declared melds, Belle, said words. */
  readonly said: readonly string[][];
  readonly raw: Readonly<Record<string, unknown>>;
}

type Obj = Readonly<Record<string, unknown>>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);
const isCard = (x: unknown): x is string => typeof x === 'string' && /^[CSHD][6-9TJQKA]$/.test(x);
const numList = (x: unknown): number[] | null =>
  Array.isArray(x) && x.every((v) => typeof v === 'number') ? (x as number[]) : null;
const first = (o: Obj, keys: readonly string[]): unknown => {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
};

/** A trick as `[{seat, card}]`, or `{ leader, cards: [card...] }`, or `{ cards: [{seat, card}], winner }`. */
function readTrick(x: unknown, seats: number): TrickModel | null {
  if (Array.isArray(x)) {
    const cards = x.filter((p): p is Played => isObj(p) && isCard(p.card) && typeof p.seat === 'number');
    return { cards, winner: null };
  }
  if (!isObj(x)) return null;
  const winner = num(first(x, ['winner', 'taker', 'by']));
  const list = first(x, ['cards', 'plays']);
  if (!Array.isArray(list)) return null;
  const leader = num(first(x, ['leader', 'lead', 'first'])) ?? 0;
  const cards: Played[] = [];
  list.forEach((p, i) => {
    if (isCard(p)) cards.push({ seat: (leader + i) % seats, card: p });
    else if (isObj(p) && isCard(p.card) && typeof p.seat === 'number')
      cards.push({ seat: p.seat, card: p.card });
  });
  return { cards, winner };
}

export function readView(view: unknown): TableModel {
  const v: Obj = isObj(view) ? view : {};
  const seats = num(v.seats) ?? 4;
  const handRaw = first(v, ['hand', 'myHand', 'cards']);
  const hand = Array.isArray(handRaw) ? handRaw.filter(isCard) : null;
  let handCounts = numList(first(v, ['handCounts', 'handSizes', 'counts']));
  if (!handCounts && Array.isArray(v.hands))
    handCounts = (v.hands as unknown[]).map((h) => (Array.isArray(h) ? h.length : (num(h) ?? 0)));
  const trickRaw = first(v, ['trick', 'currentTrick', 'table']);
  const trick = readTrick(trickRaw, seats)?.cards ?? [];
  let lastTrick: TrickModel | null = readTrick(first(v, ['lastTrick', 'previousTrick']), seats);
  const tricks = first(v, ['tricks', 'done', 'history']);
  let tricksTaken: number[] | null = numList(first(v, ['tricksTaken', 'trickCounts', 'taken']));
  if (Array.isArray(tricks) && tricks.length > 0) {
    const all = tricks.map((x) => readTrick(x, seats)).filter((x): x is TrickModel => x !== null);
    if (!lastTrick && all.length > 0) lastTrick = all[all.length - 1];
    if (!tricksTaken && all.every((x) => x.winner !== null)) {
      tricksTaken = Array.from({ length: seats }, () => 0);
      for (const x of all) tricksTaken[x.winner!]++;
    }
  }
  const est = first(v, ['estimates', 'estimate']);
  const estimates = Array.isArray(est)
    ? est.map((e) => (typeof e === 'number' && e >= 0 ? e : isObj(e) ? num(e.points) : null))
    : null;
  const turnedRaw = first(v, ['turned', 'proposal', 'orgi', 'proposed', 'upcard']);
  const turned = isCard(turnedRaw)
    ? turnedRaw
    : isObj(turnedRaw) && isCard(turnedRaw.card)
      ? turnedRaw.card
      : null;
  let stockCount = num(first(v, ['stockCount', 'stockSize']));
  if (stockCount === null && Array.isArray(v.stock)) stockCount = v.stock.length;
  const trumpRaw = first(v, ['trump', 'trumpSuit']);
  const results = first(v, ['results', 'deals', 'rounds']);
  const said: string[][] = Array.from({ length: seats }, () => []);
  const known = Array.isArray(v.known)
    ? (v.known as unknown[]).map((k) => (Array.isArray(k) ? k.filter(isCard) : []))
    : Array.from({ length: seats }, () => []);
  const belleRaw = first(v, ['belle', 'bella']);
  const belle = typeof belleRaw === 'number' ? [belleRaw] : (numList(belleRaw) ?? []);
  return {
    game: str(v.game) ?? 'klapperjas',
    seats,
    viewer: v.viewer === 'spectator' ? 'spectator' : (num(v.viewer) ?? 'spectator'),
    phase: str(v.phase) ?? '',
    toAct: numList(v.toAct) ?? [],
    dealer: num(v.dealer),
    hand,
    handCounts,
    trump: typeof trumpRaw === 'string' && trumpRaw.length === 1 ? trumpRaw : null,
    turned,
    stockCount,
    stockTop: isCard(v.stockTop) ? v.stockTop : null,
    proposed: typeof v.proposed === 'string' ? v.proposed : null,
    aside: num(v.aside) ?? 0,
    known,
    kontraSeat: num(v.kontra),
    reSeat: num(v.re),
    belle,
    trick,
    lastTrick,
    tricksTaken,
    estimates,
    points: numList(first(v, ['points', 'cardPoints'])),
    scores: numList(first(v, ['scores', 'totals', 'match'])),
    results: Array.isArray(results) ? results.filter(isObj) : [],
    declarer: num(first(v, ['declarer', 'maker', 'player'])),
    target: num(v.target),
    said,
    raw: v,
  };
}

/** The parties of a game: 4-player Klapper-Jas plays crosswise (seats 0+2, 1+3), others alone. */
export function partiesOf(game: string, seats: number): number[][] {
  if (game === 'klapperjas' && seats === 4)
    return [
      [0, 2],
      [1, 3],
    ];
  return Array.from({ length: seats }, (_, i) => [i]);
}
