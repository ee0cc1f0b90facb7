/**
 * Hidden information: a whole match of every registered game with a person in every seat and a spectator.
 * Every frame sent to every client is captured. Each `state` must carry exactly the engine's view for
 * that connection at that step (checked against a replay of the match's record), no card of another
 * hand or of the stock may reach a seat before the spectator view shows it, and no other message may
 * carry a card at all. Each case is played twice: with whole states, and with every connection on events
 * (join option `events`), where each snapshot and event frame is checked as a `state` is (only cards of
 * the connection's view or the public view at its step, none hidden from its seat), and the `state` it
 * folds into must be the engine's view.
 *
 * Doppelkopf plays a match of each preset whose deals are chosen (test/doko.ts) to bring an Armut (house),
 * a Hochzeit and a stilles Solo; optional actors announce (or pass) out of turn now and then. On top of
 * the above, no frame shows a seat a card of another hand beyond the Armut cards it gave or took, a
 * Vorbehalt's kind before it is public, the Armut cards to anyone but the poor player and the taker, or
 * the stilles Solo (its contract, its player's party) to anyone but its player (docs/rules/doppelkopf.md).
 *
 * The fair deal (docs/fair-deal.md): no message carries a deal's secret seed before that deal is revealed,
 * a deal is revealed (the one message besides `state` that may carry cards) only once it is over and as
 * recorded, and the commitment sent before a deal is the one its proof names.
 */
import { Room as SdkRoom } from '@colyseus/sdk';
import {
  type AnyGame,
  type Card,
  type DoppelkopfOutcome,
  type DoppelkopfView,
  GAMES,
  type GameId,
  isCard,
  parseRecord,
  replay,
  type Seat,
  SPECTATOR,
  seeded,
  type Viewer,
} from '@stich/engine';
import type { ServerMessage } from '@stich/protocol';
import { describe, expect, it } from 'vitest';
import { choose, plannedDealer, type Want } from './doko.ts';
import { api, Conn, createTable, DB_KINDS, folds, guest, isState, serve, testGames } from './helpers.ts';

// Capture every raw frame each SDK room receives, before the SDK decodes it.
const frames = new WeakMap<object, Uint8Array[]>();
const proto = SdkRoom.prototype as unknown as { onMessageCallback(e: MessageEvent): void };
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: object, e: MessageEvent) {
  let list = frames.get(this);
  if (!list) {
    list = [];
    frames.set(this, list);
  }
  list.push(new Uint8Array(e.data as ArrayBuffer).slice());
  original.call(this, e);
};

const SHORT: Partial<Record<GameId, object>> = {
  differenzler: { rounds: 1 },
  klaberjass: { target: 1 },
  klapperjas: { target: 1 },
};

/** Every card string anywhere in a JSON value. */
function cardsIn(x: unknown, out = new Set<Card>()): Set<Card> {
  if (typeof x === 'string') {
    if (isCard(x)) out.add(x);
  } else if (Array.isArray(x)) for (const v of x) cardsIn(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) cardsIn(v, out);
  return out;
}

/** Cards written as msgpack strings of length 2 (fixstr 0xa2) anywhere in raw frames. */
function cardsInFrames(list: readonly Uint8Array[]): Set<string> {
  const out = new Set<string>();
  for (const f of list)
    for (let i = 0; i + 2 < f.length; i++)
      if (f[i] === 0xa2) {
        const s = String.fromCharCode(f[i + 1], f[i + 2]);
        if (isCard(s)) out.add(s);
      }
  return out;
}

interface Case {
  readonly name: string;
  readonly id: GameId;
  readonly preset?: string;
  readonly options: object;
  /** Doppelkopf: the contract each deal is chosen to bring, in order (test/doko.ts). */
  readonly plan?: readonly Want[];
  /** Every connection joins with `events`. */
  readonly events?: boolean;
}

const games = testGames();
const PLAYS: Case[] = [
  ...games.filter((id) => id !== 'doppelkopf').map((id) => ({ name: id, id, options: SHORT[id] ?? {} })),
  ...(games.includes('doppelkopf')
    ? [
        // 004: an Armut, a Hochzeit, a stilles Solo, then whatever the cards and random choices bring.
        {
          name: 'doppelkopf house',
          id: 'doppelkopf' as const,
          preset: 'house',
          options: { games: 4 },
          plan: ['armut', 'hochzeit', 'silent', 'any'] as const,
        },
        // DDV: a Hochzeit, a stilles Solo, then the four Pflichtsoli forced as Vorführungen.
        {
          name: 'doppelkopf ddv',
          id: 'doppelkopf' as const,
          preset: 'ddv',
          options: { games: 6 },
          plan: ['hochzeit', 'silent'] as const,
        },
      ]
    : []),
];
const CASES: Case[] = PLAYS.flatMap((c) => [c, { ...c, name: `${c.name}, events`, events: true }]);

describe.each(DB_KINDS)('hidden information (%s)', (kind) => {
  const planned = plannedDealer();
  const srv = serve(kind, {}, { dealer: planned.dealer });

  describe.each(CASES)('no hidden information leaves the server ($name)', (c) => {
    it('plays a whole match and checks every frame', async () => {
      const { id, options } = c;
      const game = GAMES[id] as AnyGame;
      const preset = c.preset !== undefined ? { preset: c.preset } : {};
      const players = [4, 3, 2].find((n) => game.parseConfig({ players: n, ...preset, options }).ok)!;
      const guests = await Promise.all(Array.from({ length: players }, (_, i) => guest(srv.url, `P${i}`)));
      const seats = guests.map(() => ({ kind: 'human' }));
      const r = await createTable(srv.url, guests[0].token, { game: id, players, ...preset, options, seats });
      const tableId = r.table.id;
      if (c.plan) planned.plan(tableId, c.plan);
      const events = c.events === true;
      const spectator = await Conn.join(srv.url, tableId, { spectate: true, events });
      const conns: Conn[] = [];
      for (let i = 0; i < players; i++)
        conns.push(await Conn.join(srv.url, tableId, { token: guests[i].token, seat: i, events }));
      const all = [...conns, spectator];
      const rng = seeded(`leak-${c.name}`);
      let seq = -1;
      // Actions of optional actors (Doppelkopf announcements out of turn, `quiet`) the table took.
      let outOfTurn = 0;
      let asked: { conn: Conn; id: number } | undefined;
      for (let steps = 0; steps < 5000; steps++) {
        const s = await conns[0].waitFor(
          (m) => isState(m) && m.d.seq > seq && (m.d.view.toAct.length > 0 || m.d.outcome !== null),
        );
        if (!isState(s)) break;
        seq = s.d.seq;
        await Promise.all(all.map((x) => x.waitFor((m) => isState(m) && m.d.seq === seq)));
        if (asked) {
          const { conn, id: rid } = asked;
          if (conn.messages.some((m) => isState(m) && m.id === rid)) outOfTurn++;
          asked = undefined;
        }
        if (s.d.outcome !== null) break;
        const toAct = s.d.view.toAct as Seat[];
        let seat = toAct[0];
        // Now and then a seat that may announce while another is to play does so (or passes).
        if (toAct.length > 1 && rng.int(4) === 0) seat = toAct[1 + rng.int(toAct.length - 1)];
        const own = conns[seat].latest()!;
        const legal = own.legal;
        const want = c.plan?.[(own.view as DoppelkopfView).deal - 1] ?? 'any';
        const action =
          c.plan && seat === toAct[0]
            ? choose(want, own.view as DoppelkopfView, legal, rng)
            : legal[rng.int(legal.length)];
        const rid = conns[seat].request('act', { action, seq });
        if (seat !== toAct[0]) asked = { conn: conns[seat], id: rid };
      }
      expect(conns[0].latest()!.outcome).not.toBeNull();

      const rec = await api(srv.url, 'GET', `/api/tables/${tableId}/record`);
      const parsed = parseRecord(rec.body);
      if (!parsed.ok) throw new Error(parsed.error.reason);
      const rp = replay<unknown>(game, parsed.value, true);
      if (!rp.ok) throw new Error(rp.error.reason);
      const states = rp.value.states!;
      // The deal in force at each step, for the hidden cards of the other seats and the stock.
      const dealAt: (Record<string, unknown> | undefined)[] = [];
      // Deals applied by each step.
      const dealsBy: number[] = [];
      {
        let d = -1;
        for (let k = 0; k < states.length; k++) {
          if (k > 0 && game.awaitsDeal(states[k - 1])) d++;
          dealAt.push(parsed.value.deals[d] as Record<string, unknown> | undefined);
          dealsBy.push(d + 1);
        }
      }
      // The secret seed and the commitment of each deal dealt with a proof.
      const proofs = parsed.value.deals.map(
        (d) => (d as { fair?: { seed: string; commitment: string } }).fair,
      );
      if (!c.plan) expect(proofs.every((p) => p !== undefined)).toBe(true);
      // Doppelkopf: what each step's deal turned out to be (its result in the finished match).
      const truth = c.plan ? dokoTruth(game, states, rp.value.state) : undefined;
      const hiddenFrom = (k: number, seat: Seat): Set<string> => {
        const deal = dealAt[k];
        const hidden = new Set<string>();
        if (!deal) return hidden;
        const hands = (deal.hands as string[][] | undefined) ?? [];
        hands.forEach((h, t) => {
          if (t !== seat) for (const c of h) hidden.add(c);
        });
        for (const c of (deal.stock as string[] | undefined) ?? []) hidden.add(c);
        for (const c of hands[seat] ?? []) hidden.delete(c);
        // The Armut cards a seat gave and took back, or took, are its own.
        for (const c of truth?.[k] ? exchanged(truth[k]!, seat) : []) hidden.delete(c);
        return hidden;
      };

      let checked = 0;
      let eventFrames = 0;
      all.forEach((conn, i) => {
        const viewer = i < players ? i : SPECTATOR;
        let allowed = new Set<string>();
        let lastSeq = 0;
        const revealed = new Set<number>();
        for (const m of conn.messages as ServerMessage[]) {
          const text = JSON.stringify(m);
          // The message that reveals a deal carries its seed.
          if (m.t === 'fair' && m.d.revealed) revealed.add(m.d.revealed.deal);
          proofs.forEach((p, k) => {
            if (p && !revealed.has(k))
              expect(text.includes(p.seed), `seed of deal ${k} before its reveal`).toBe(false);
          });
          if (m.t === 'fair') {
            expect(cardsIn({ ...m.d, revealed: null }), 'fair carries cards').toEqual(new Set());
            if (m.d.next)
              expect(m.d.next.commitment).toBe(proofs[m.d.next.deal]?.commitment ?? m.d.next.commitment);
            const r = m.d.revealed;
            if (r) {
              const over = game.isOver(states[lastSeq]);
              expect(
                over || r.deal < dealsBy[lastSeq] - 1,
                `deal ${r.deal} revealed at step ${lastSeq}`,
              ).toBe(true);
              expect(r.dealt).toEqual(parsed.value.deals[r.deal]);
              allowed = new Set([...allowed, ...cardsIn(r.dealt)]);
            }
            continue;
          }
          if (m.t === 'snap' || m.t === 'ev') {
            // An event frame: only cards of this connection's view or the public view at its step, none
            // hidden from its seat unless public (the `state` it folds into follows, checked below).
            const st = states[m.d.seq];
            const pub = cardsIn(game.viewFor(st, SPECTATOR));
            const own = cardsIn(game.viewFor(st, viewer));
            for (const card of cardsIn(m.d)) {
              expect(own.has(card) || pub.has(card), `card ${card} outside the views`).toBe(true);
              if (viewer !== SPECTATOR && hiddenFrom(m.d.seq, viewer).has(card))
                expect(pub.has(card), `seat ${viewer} sees hidden ${card} at step ${m.d.seq}`).toBe(true);
            }
            allowed = new Set([...allowed, ...cardsIn(m.d)]);
            eventFrames++;
            continue;
          }
          if (m.t !== 'state') {
            expect(cardsIn(m), `${m.t} carries cards`).toEqual(new Set());
            continue;
          }
          expect(folds.has(m), 'a whole state on an event connection').toBe(events);
          lastSeq = m.d.seq;
          const st = states[m.d.seq];
          expect(m.d.view).toEqual(game.viewFor(st, viewer));
          expect(m.d.legal).toEqual(viewer === SPECTATOR || m.d.outcome ? [] : game.legalActions(st, viewer));
          const seen = cardsIn(m.d);
          const own = cardsIn(game.viewFor(st, viewer));
          for (const card of seen) expect(own.has(card), `card ${card} outside the view`).toBe(true);
          if (viewer !== SPECTATOR) {
            const pub = cardsIn(game.viewFor(st, SPECTATOR));
            for (const card of seen)
              if (hiddenFrom(m.d.seq, viewer).has(card))
                expect(pub.has(card), `seat ${viewer} sees hidden ${card} at step ${m.d.seq}`).toBe(true);
          }
          const t = truth?.[m.d.seq];
          if (t) checkDoppelkopf(m.d.view as DoppelkopfView, m.d.legal, viewer, t, m.d.seq);
          allowed = new Set([...allowed, ...seen]);
          checked++;
        }
        // Nothing in the raw frames beyond what the decoded messages hold.
        for (const card of cardsInFrames(frames.get(conn.room) ?? [])) expect(allowed.has(card)).toBe(true);
      });
      expect(checked).toBeGreaterThan(20);
      if (events) expect(eventFrames).toBeGreaterThan(20);
      if (c.plan && truth) {
        // The match had what it was dealt for, and optional actors were heard.
        const kinds = (game.outcome(rp.value.state) as DoppelkopfOutcome).deals.map((d) => d.contract.kind);
        for (const want of c.plan)
          if (want !== 'any') expect(kinds).toContain(want === 'silent' ? 'silent-solo' : want);
        expect(outOfTurn).toBeGreaterThan(0);
        // The checks see a leak: the view of the stilles Solo's player, of the poor player once he has
        // given his cards, and of a seat whose Vorbehalt's kind is not public, each shown to another seat
        // (not the Armut's taker), fail them.
        const leaks = [0, 0, 0];
        states.forEach((st, k) => {
          const t = truth[k];
          if (!t) return;
          for (let who = 0; who < 4; who++) {
            const other = [0, 1, 2, 3].find((x) => x !== who && x !== t.contract.partner) as Seat;
            const v = game.viewFor(st, who) as DoppelkopfView;
            const named = v.house?.vorbehalt ?? null;
            const mine = who === t.contract.declarer;
            const kind =
              mine && t.contract.kind === 'silent-solo' && v.phase === 'play'
                ? 0
                : mine && t.contract.kind === 'armut' && (v.house?.armut?.given ?? 0) > 0
                  ? 1
                  : named && v.contract?.kind !== named && !(named === 'armut' && v.phase === 'armut')
                    ? 2
                    : -1;
            if (kind < 0) continue;
            expect(() => checkDoppelkopf({ ...v, hand: [] }, [], other, t, k)).toThrow();
            leaks[kind]++;
          }
        });
        if (c.preset === 'house') expect(leaks.every((n) => n > 0)).toBe(true);
        else expect(leaks[0]).toBeGreaterThan(0);
      }
      await Promise.all(all.map((c) => c.leave()));
    });
  });
});

type DealResult = DoppelkopfOutcome['deals'][number];

/**
 * For every step in the middle of a deal, that deal's result in the finished match (the truth the seats
 * may not know yet); nothing between deals, when the last deal is open to all.
 */
function dokoTruth(game: AnyGame, states: readonly unknown[], final: unknown): (DealResult | undefined)[] {
  const deals = (game.outcome(final) as DoppelkopfOutcome).deals;
  return states.map((st) => {
    const phase = game.phase(st);
    if (phase === 'deal' || phase === 'over') return undefined;
    return deals[(game.outcome(st) as DoppelkopfOutcome).deals.length];
  });
}

/** The Armut cards that came to `seat`: the taker's given cards, the poor player's returned ones. */
function exchanged(t: DealResult, seat: Viewer): Card[] {
  const a = t.house?.armut;
  if (!a || seat === SPECTATOR) return [];
  return [...(seat === a.taker ? a.given : []), ...(seat === a.poor ? a.returned : [])];
}

const tally = (cards: readonly string[]): Map<string, number> => {
  const out = new Map<string, number>();
  for (const c of cards) out.set(c, (out.get(c) ?? 0) + 1);
  return out;
};

/** The Vorbehalt kinds (`hochzeit`, `armut`) written anywhere in a value. */
function kindsIn(x: unknown, out = new Set<string>()): Set<string> {
  if (x === 'hochzeit' || x === 'armut') out.add(x);
  else if (Array.isArray(x)) for (const v of x) kindsIn(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) kindsIn(v, out);
  return out;
}

/** Whether `seat` named Vorbehalt kind `k` in the deal `t`. */
function named(t: DealResult, seat: number, k: string): boolean {
  if (seat < 0) return false;
  if (k === 'hochzeit') return t.hands[seat].filter((c) => c === 'CQ').length === 2;
  const c = t.contract;
  if (c.kind === 'armut') return c.declarer === seat;
  const h = t.house;
  return (
    c.kind === 'redeal' &&
    (h?.redeal === 'two-poor' || h?.redeal === 'armut-refused') &&
    h.seats.includes(seat)
  );
}

/** What a Doppelkopf frame may show `viewer` in the middle of deal `t` (see the file's comment). */
function checkDoppelkopf(
  view: DoppelkopfView,
  legal: readonly unknown[],
  viewer: Viewer,
  t: DealResult,
  seq: number,
): void {
  const where = `viewer ${viewer} at step ${seq}`;
  const seat = viewer === SPECTATOR ? -1 : viewer;
  // Its hand: its own cards as dealt, and those the Armut brought it.
  if (seat < 0) expect(view.hand).toEqual([]);
  else {
    const may = tally([...t.hands[seat], ...exchanged(t, seat)]);
    for (const [card, n] of tally(view.hand))
      expect(n, `${where}: ${card} in the hand`).toBeLessThanOrEqual(may.get(card) ?? 0);
  }
  for (const a of legal) {
    const card = (a as { card?: string }).card;
    if (card !== undefined) expect(view.hand, `${where}: legal ${card}`).toContain(card);
  }
  // A Vorbehalt's kind: public once it is the game (the Armut from its exchange on); before, its own.
  for (const k of kindsIn({ ...view, last: null, options: null })) {
    const pub = view.contract?.kind === k || (k === 'armut' && view.phase === 'armut');
    const own = view.house?.vorbehalt === k && named(t, seat, k);
    expect(pub || own, `${where}: Vorbehalt ${k} shown`).toBe(true);
  }
  // The Armut cards: only to the poor player and, once he has taken them, the taker.
  const av = view.house?.armut ?? null;
  const a = t.house?.armut ?? null;
  if (av && !(a && seat >= 0 && (seat === a.poor || (seat === a.taker && av.taker === seat)))) {
    expect(av.givenCards, `${where}: Armut cards`).toBeNull();
    expect(av.returnedCards, `${where}: Armut cards returned`).toBeNull();
  }
  // A Hochzeit before its Klärungsstich: only the holder's party is known.
  if (t.contract.kind === 'hochzeit' && view.phase === 'play' && view.contract?.clarification === 0)
    for (let x = 0; x < 4; x++)
      if (x !== t.contract.declarer) expect(view.knownParties[x], `${where}: party of ${x}`).toBeNull();
  // A stilles Solo: a normal game to everyone else, each party known only as in a normal game.
  if (t.contract.kind === 'silent-solo' && seat !== t.contract.declarer && view.phase === 'play') {
    expect(view.contract, where).toMatchObject({ kind: 'normal', declarer: null });
    const played = [...view.tricks.flatMap((x) => x.cards), ...(view.trick?.cards ?? [])];
    const queens = [0, 0, 0, 0];
    for (const p of played) if (p.card === 'CQ') queens[p.seat]++;
    const announced = new Set(view.announcements.map((x) => x.seat));
    const re = new Set([
      ...[0, 1, 2, 3].filter((x) => queens[x] > 0),
      ...view.announcements.filter((x) => x.party === 're').map((x) => x.seat),
    ]);
    const open = queens.some((q) => q === 2) || re.size >= 2;
    // Known from the table: announced, a Kreuz-Dame played, or both Re seats out; the viewer's own.
    const direct = (x: number) => x === seat || announced.has(x) || queens[x] > 0 || open;
    for (let x = 0; x < 4; x++)
      if (x !== seat && view.knownParties[x] !== null) {
        // Three seats known name the fourth only as Re (issue 21: simple logic): never a guess at Kontra.
        const inferred = [0, 1, 2, 3].every((y) => y === x || direct(y)) && view.knownParties[x] === 're';
        expect(direct(x) || inferred, `${where}: party of ${x} shown`).toBe(true);
      }
    expect([null, 're']).toContain(view.knownParties[t.contract.declarer!]);
  }
}
