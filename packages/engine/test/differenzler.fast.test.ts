/**
 * Differenzler's performance shortcut in the view: the finished tricks are kept in the state (`done`), made
 * once when each trick is taken and shared by later states, instead of being grouped from the plays for
 * every view. Checked against the kernel's `tricksView` over the round's plays in every state of random play.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardValue, LAST_TRICK_BONUS, ORDERS } from '../src/differenzler/cards.ts';
import { type DifferenzlerState, differenzler as G } from '../src/differenzler/index.ts';
import type { PlayCell } from '../src/differenzler/state.ts';
import {
  cardFromId,
  playRandomMatch,
  SPECTATOR,
  seeded,
  tricksView,
  unwrap,
  type Viewer,
} from '../src/index.ts';

/** The reference: the round's plays oldest first, grouped into tricks by the kernel. */
function reference(s: DifferenzlerState) {
  if (s.trump < 0) return { trick: null, tricks: [] };
  const list: PlayCell[] = [];
  for (let p = s.plays; p !== null; p = p.prev) list.push(p);
  list.reverse();
  return tricksView(list, 4, ORDERS[s.trump], cardFromId, (cards, i, done) => {
    let points = done && i === 8 ? LAST_TRICK_BONUS : 0;
    for (const c of cards) points += cardValue(c, s.trump);
    return points;
  });
}

describe('Differenzler view shortcut: finished tricks kept in the state', () => {
  it('every view shows the tricks the kernel groups from the plays, and finished tricks are shared', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom('002', 'swiss'),
        (seed, undertrump) => {
          const rng = seeded(seed);
          const config = unwrap(G.parseConfig({ players: 4, options: { rounds: 2, undertrump } }));
          let last: DifferenzlerState | null = null;
          const check = (s: DifferenzlerState) => {
            const want = reference(s);
            for (const viewer of [0, 2, SPECTATOR] as Viewer[]) {
              const v = G.viewFor(s, viewer);
              expect({ trick: v.trick, tricks: v.tricks }).toEqual(want);
            }
            // A trick once taken is the same object in every later state of the round.
            if (last !== null && s.done.length >= last.done.length)
              for (let i = 0; i < last.done.length; i++) expect(s.done[i]).toBe(last.done[i]);
            last = s;
          };
          playRandomMatch<DifferenzlerState>(G, G.start(config, rng.int(4)), rng, {
            onDeal: check,
            onAction: check,
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});
