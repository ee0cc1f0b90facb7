/**
 * Doppelkopf's table drawn for the states of random matches of both presets (React's server renderer, no
 * browser): every legal action of the seat is a control with a text in German and English, the hand is the
 * engine's in its order with both copies of a card apart, the parties shown are those the view knows, the
 * Hochzeit partner and the Schwein are named, and the announcement deadline shown is the engine's: the
 * lowest call offered stays legal exactly up to it when only cards are played (docs/rules/doppelkopf.md,
 * "Announcement deadlines" and "Announcements (Verschärfen)").
 */
import { type Action, type AnyGame, GAME_META, GAMES, randomStep, seeded, unwrap } from '@stich/engine';
import type { DoppelkopfView } from '@stich/protocol';
import i18next, { type TFunction } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireAction } from '../src/actions.ts';
import { callName, contractText, deadlineText, dokoLabel } from '../src/doko.tsx';
import { resources } from '../src/i18n/index.ts';
import { dokoResults, readView, type TableModel } from '../src/model.ts';
import { Scores } from '../src/Scores.tsx';
import { Table } from '../src/Table.tsx';

const game = GAMES.doppelkopf as unknown as AnyGame;
const meta = GAME_META.doppelkopf!;
const missing: string[] = [];
const errors: string[] = [];
let t: TFunction;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { de: { translation: resources.de }, en: { translation: resources.en } },
    lng: 'de',
    fallbackLng: 'de',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => {
      missing.push(key);
    },
  });
  t = i18next.t;
  // React reports two children with one key (and any other render problem) through console.error.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
});
afterAll(() => {
  vi.restoreAllMocks();
});

const NAMES = ['Anna', 'Bert', 'Cora', 'Dirk'];
const seatsOf = (me: number | null) =>
  NAMES.map((name, i) => ({ name: i === me ? 'Du' : name, bot: false, connected: true }));

function render(model: TableModel, legal: readonly Action[], me: number | null): string {
  return renderToStaticMarkup(
    createElement(Table, { model, legal: legal as WireAction[], seats: seatsOf(me), me, onAct: () => {} }),
  );
}

/** The attribute values of `name` in markup order (React escapes quotes in attributes as &quot;). */
const attrs = (html: string, name: string): string[] =>
  [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) => m[1].replaceAll('&quot;', '"'));

/** The hand's card buttons in order: card, copy number, legal. */
const handButtons = (html: string) =>
  [...html.matchAll(/<button type="button" class="card[^"]*"[^>]*>/g)].map((m) => ({
    card: /data-card="(\w+)"/.exec(m[0])![1],
    copy: /data-copy="(\d)"/.exec(m[0])![1],
    legal: m[0].includes('data-legal="true"'),
  }));

/** Cards played in the deal so far, as the view shows them. */
const played = (v: DoppelkopfView) => v.tricks.length * 4 + (v.trick?.cards.length ?? 0);

/** Views whose deal ended with the call still legal (no deadline reached to compare with). */
const ended = new WeakSet<DoppelkopfView>();
const deadEarly = (v: DoppelkopfView) => ended.has(v);

/**
 * Plays cards only (the first legal card of the seat to play, no announcements) from `s` while `seat`'s
 * call `call` stays legal; returns the view of `seat` at the last state where it was.
 */
function lastLegal(s: unknown, seat: number, call: string): DoppelkopfView {
  let last = game.viewFor(s, seat) as unknown as DoppelkopfView;
  for (;;) {
    const turn = game.toAct(s)[0];
    const card = game.legalActions(s, turn).find((a) => a.t === 'play')!;
    s = unwrap(game.apply(s, turn, card));
    if (game.phase(s) !== 'play') {
      ended.add(last);
      return last;
    }
    if (!game.legalActions(s, seat).some((a) => a.t === 'announce' && a.call === call)) return last;
    last = game.viewFor(s, seat) as unknown as DoppelkopfView;
  }
}

function check(s: unknown, seat: number, seen: Set<string>, checkedDeadline: Set<string>): void {
  const view = game.viewFor(s, seat) as unknown as DoppelkopfView;
  const legal = game.legalActions(s, seat);
  const model = readView(view, meta)!;
  expect(model.doko).not.toBeNull();
  const html = render(model, legal, seat);
  // The hand: the engine's cards in its order, each copy its own button.
  const hand = handButtons(html);
  expect(hand.map((b) => b.card)).toEqual(view.hand);
  expect(new Set(hand.map((b) => `${b.card}/${b.copy}`)).size).toBe(view.hand.length);
  // Every legal action is a control: a card to click, or a button ("quiet" asks nothing: the game does not
  // wait for it, issue 21).
  const buttons = new Set(attrs(html, 'data-action'));
  for (const a of legal) {
    if (typeof a.card === 'string')
      expect(
        hand.some((b) => b.card === a.card && b.legal),
        String(a.card),
      ).toBe(true);
    else if (a.t !== 'quiet') expect(buttons.has(JSON.stringify(a)), JSON.stringify(a)).toBe(true);
    for (const lng of ['de', 'en']) {
      const label = dokoLabel(i18next.getFixedT(lng), a as WireAction, view);
      expect(label).not.toMatch(/^doko\.|undefined/);
      expect(label.length).toBeGreaterThan(0);
    }
    seen.add(a.t === 'declare' ? `declare ${String(a.game)}` : a.t);
  }
  // The parties: a tag for every seat whose party the view knows, none for the others.
  expect(attrs(html, 'data-party')).toHaveLength(view.knownParties.filter((p) => p !== null).length);
  const pig = view.house?.schwein;
  if (pig) {
    expect(html).toContain('data-testid="schwein"');
    seen.add('schwein');
    // While the trick it was played to lies open, the card itself says so.
    if (view.trick !== null && pig.trick === view.tricks.length + 1) {
      expect(html).toMatch(
        new RegExp(`<figure class="played [^"]* schwein" data-card="DA" data-seat="${pig.seat}"`),
      );
      seen.add('schwein in trick');
    }
  }
  const c = view.contract;
  if (c?.kind === 'hochzeit' && c.partner !== null) {
    const partner = c.partner === seat ? 'dir' : NAMES[c.partner];
    expect(
      contractText(
        t,
        c,
        seatsOf(seat).map((x) => x.name),
        null,
        seat,
      ),
    ).toContain(`Partner: ${partner}`);
    seen.add('hochzeit partner');
  }
  if (c !== null) seen.add(`contract ${c.kind}`);
  // The deadline: shown whenever a call is offered, and the engine's own (checked once per deal and seat).
  const calls = legal.filter((a) => a.t === 'announce').map((a) => String(a.call));
  if (calls.length === 0) return;
  expect(html).toContain('data-testid="deadline"');
  const key = `${view.deal}:${seat}:${view.highest.re}:${view.highest.kontra}`;
  if (checkedDeadline.has(key)) return;
  checkedDeadline.add(key);
  const text = deadlineText(t, view, legal as WireAction[], seat)!;
  // Each call offered with its deadline: one text for all, or "Re: ... · keine 90 – schwarz: ..." per group.
  const parts = text.split(' · ');
  for (const call of calls) {
    const name = callName(t, call, view);
    const part =
      parts.length === 1
        ? parts[0]
        : parts.find((x) => {
            const [who] = x.split(': ');
            const [a, z] = who.split(' – ');
            const names = calls.map((c) => callName(t, c, view));
            const i = names.indexOf(name);
            return z === undefined ? a === name : i >= names.indexOf(a) && i <= names.indexOf(z);
          })!;
    expect(part, `${call} in ${text}`).toBeDefined();
    const end = lastLegal(s, seat, call);
    if (view.options.deadlines === 'trick') {
      // "noch bis zur 2. Karte des n. Stichs": legal with the first card of trick n lying, not after the second.
      const n = Number(/des (\d+)\. Stichs/.exec(part)![1]);
      if (!deadEarly(end)) expect(played(end), `${call}: ${text}`).toBe(4 * (n - 1) + 1);
    } else {
      // "noch bis zu deiner Karte im n. Stich": legal while holding the cards of trick n, not after that card.
      const n = Number(/im (\d+)\. Stich/.exec(part)![1]);
      const held = (view.options.nines ? 12 : 10) - n + 1;
      if (!deadEarly(end))
        expect(
          end.handCounts[seat],
          `${call}: ${text} ${JSON.stringify({ held: view.handCounts[seat], c: view.contract, hi: view.highest, anns: view.announcements, parties: view.knownParties })}`,
        ).toBe(held);
    }
  }
  seen.add(`deadline ${view.options.deadlines}`);
}

/**
 * A step of random play that asks for the special games more often than uniform choice would (which names a
 * solo almost every deal): a Vorbehalt where there is one, then Hochzeit or Armut, else mostly gesund.
 */
function step(s: unknown, rng: ReturnType<typeof seeded>): { seat: number; action: Action } {
  const r = randomStep(game, s, rng, 0.3);
  const phase = game.phase(s);
  const legal = game.legalActions(s, r.seat);
  const hand = (game.viewFor(s, r.seat) as unknown as DoppelkopfView).hand;
  const like = (pred: (a: Action & { game?: string; card?: string }) => boolean, p: number) => {
    const a = legal.find(pred);
    return a !== undefined && rng.next() < p * 4294967296 ? a : undefined;
  };
  // Both Füchse in one hand: lead or trump with the first now and then (a Schwein in the house preset).
  if (phase === 'play')
    return {
      seat: r.seat,
      action:
        (hand.filter((c) => c === 'DA').length === 2 ? like((a) => a.card === 'DA', 0.7) : undefined) ??
        r.action,
    };
  if (phase !== 'reserve' && phase !== 'declare') return r;
  // DDV offers a Vorbehalt to everybody: take it with both Kreuz-Damen (a Hochzeit) and now and then.
  const reason =
    (game.viewFor(s, r.seat) as unknown as DoppelkopfView).options.melden === 'house' ||
    hand.filter((c) => c === 'CQ').length === 2;
  const action =
    like((a) => a.t === 'reserve', reason ? 0.8 : 0.1) ??
    like((a) => a.t === 'declare' && (a.game === 'hochzeit' || a.game === 'armut'), 0.9) ??
    like((a) => a.t === 'sick', 0.5) ??
    like((a) => a.t === 'healthy', 0.85) ??
    r.action;
  return { seat: r.seat, action };
}

describe('Doppelkopf table over random matches (React server rendering)', () => {
  for (const preset of ['ddv', 'house'] as const)
    it(`${preset}: controls, texts, hand, parties, Hochzeit partner, Schwein and deadlines`, () => {
      const seen = new Set<string>();
      const cfg = unwrap(game.parseConfig({ players: 4, preset, options: { games: 8 } }));
      for (let seed = 1; seed <= 6; seed++) {
        const rng = seeded(seed * 7919);
        const sample = seeded(seed);
        let s = game.start(cfg, seed % 4);
        const views: DoppelkopfView[] = [];
        const checkedDeadline = new Set<string>();
        while (!game.isOver(s)) {
          if (game.awaitsDeal(s)) {
            s = unwrap(game.applyDeal(s, game.randomDeal(s, rng)));
            continue;
          }
          // The seat to act (in play: while it may announce, else every other card or so), and now and then
          // a seat that may announce; drawn by their own generator, so the play is the same as without.
          const [turn, ...others] = game.toAct(s);
          const calls = game.legalActions(s, turn).some((a) => a.t === 'announce');
          if (game.phase(s) !== 'play' || calls || sample.next() < 0.4 * 4294967296)
            check(s, turn, seen, checkedDeadline);
          for (const seat of others)
            if (sample.next() < 0.25 * 4294967296) check(s, seat, seen, checkedDeadline);
          const { seat, action } = step(s, rng);
          s = unwrap(game.apply(s, seat, action));
          views.push(game.viewFor(s, seat) as unknown as DoppelkopfView);
        }
        // The score sheet of the match: one row per deal with its number, every item named.
        const results = dokoResults(views);
        expect(results.length).toBeGreaterThanOrEqual(8);
        const last = game.viewFor(s, 0) as unknown as DoppelkopfView;
        const model = readView(last, meta, results)!;
        const html = renderToStaticMarkup(
          createElement(Scores, { model, names: ['Du', ...NAMES.slice(1)], me: 0 }),
        );
        const rows = [...html.matchAll(/<tr data-deal="(\d+)"/g)].map((m) => Number(m[1]));
        expect(rows).toEqual(results.map((r) => r.deal));
        for (const r of results) for (const i of r.items) seen.add(`item ${i.kind}`);
        // Totals as the engine keeps them.
        expect(attrs(html, 'data-total').slice(-4).map(Number)).toEqual([...last.scores]);
      }
      expect(missing.filter((k) => k.startsWith('doko.'))).toEqual([]);
      expect(errors).toEqual([]);
      console.log(`${preset} covered:`, [...seen].sort().join(', '));
      expect(seen).toContain('healthy');
      expect(seen).toContain('play');
      expect(seen).toContain('announce');
      expect(seen).toContain(`deadline ${preset === 'ddv' ? 'hand' : 'trick'}`);
      for (const x of ['contract normal', 'contract hochzeit', 'hochzeit partner', 'contract solo'])
        expect(seen).toContain(x);
      if (preset === 'house')
        for (const x of [
          'solo',
          'sick',
          'bid',
          'fold',
          'give',
          'take',
          'return',
          'contract armut',
          'schwein',
        ])
          expect(seen).toContain(x);
    }, 120_000);
});
