/**
 * The trick-taking kernel: what Klapper-Jas, Klaberjass, Differenzler and Doppelkopf share.
 *
 * Modules:
 * - deal.ts     dealing, once for every game: the shuffle (`shuffled`) into hands (`dealHands`), an explicit
 *               deal's hands checked against the deck (`checkHands`); Doppelkopf deals by them too.
 * - held.ts     the state's hands as card sets, two words by seat (`held`, `without`); Doppelkopf's state
 *               keeps its hands as these words too (slot = kind + copy * 24, its kinds DOKO48's for both decks).
 * - deck.ts     decks with card parsing once: JASS32, JASS36, DOKO40, DOKO48 (`makeDeck` for others).
 * - cardset.ts  card sets of up to 64 slots in two words, duplicates as a second copy (slot = kind + copy * kinds).
 * - jass.ts     the Jass family's orders (ten-high, swiss), card points, last trick; per-game `JassGame`.
 * - jass32.ts   the Jass-32 deck on one 32-bit word (cards of a word, flat tables by trump, `ruffOvertrump`).
 * - plays32.ts  the interned play actions of such a word's cards (`PLAYS32`, `wordPlays`).
 * - trick.ts    effective suits (`TRUMP` for every trump), trick ranking, winner, the trick part of views.
 * - follow.ts   follow/ruff/overtrump as named policies over card categories, and their inference tables.
 * - infer.ts    the same policies over cards: legal cards, what a seat cannot hold (for bots and tests).
 * - phases.ts   one handler per phase.
 * - suitplays.ts a fast path's play list from interned lists by suit (Klaberjass, Differenzler).
 * - states.ts   the kernel's new states written out field by field (one shape); `phased` for a game's own phases.
 * - spec.ts     the override list as a type, `TrickGameSpec`: what a game supplies, and nothing else (the
 *               list and its defaults are documented there, member by member); the state, deal, view and
 *               outcome of a trick game.
 * - game.ts     `trickGame(spec)`: the complete `Game` from a spec (dealing, the reference play step, trick
 *               views, toAct/legalActions, typed errors, deal results and the outcome; `highestSeats`, the
 *               default winners, also Doppelkopf's).
 *
 * Games on `trickGame`: Differenzler (src/differenzler), Klaberjass (src/klaberjass), and Mini in the tests. What the builder gained to
 * carry a game whose clients already read its views (issue 23), each a member of `TrickGameSpec`:
 * - `packet` and `chance`: dealing in packets round the table (002's 3 x 3) and chance beside the hands
 *   (Differenzler's trump), both drawn from the deal's generator and read from an explicit deal;
 * - the state keeps the hands as card sets (`held`, two words by seat, cardset.ts), the open trick with
 *   the index of its best card, and the finished tricks as views show them (made once, shared by every
 *   later state and view): no view regroups the plays, and a fast path reads a hand's bits at once;
 * - `R` is the row a game keeps of a deal (`scoreDeal`, `dealScore`), not a fixed tally shape;
 * - `viewFor`/`outcome`: a game whose views predate the kernel shapes them from the kernel's parts;
 * - `fault`: the reason for a refused card; `pointedTricks`: trick views with card points;
 * - 9. `fast` (`FastFollow`): the follow check and `beats` on the game's own layout, and optionally `step`,
 *   the whole play step (Klaberjass's, klaberjass/step.ts). `trickGame(spec,
 *   { reference: true })` builds the same game without it; test/kernel.override.test.ts plays both side by
 *   side (same legal actions, results, refusals and views).
 * - `dealing` (`OwnDealing`): a deal of the game's own shape (Klaberjass's six cards, turned card, three more
 *   and stock); `claim` (`PlayClaim`): a claim a card carries (Bella); `settle`: the game's part once a deal
 *   is scored (the throw-in count starts again). All optional: a game without them runs as before.
 * What it gained for Doppelkopf's move (issue 23; test/trickgame.during.test.ts):
 * - 10. `during`: the game's own actions while cards are played, beside the seat to play (announcements);
 * - 11. `afterTrick`: what a trick taken settles in the game's part (a Hochzeit's partner);
 * - 12. `nextDealer`: who deals next (DDV: the same dealer again after a Pflichtsolo).
 * What it gained for Klapper-Jas's move (issue 23; test/trickgame.indeal.test.ts):
 * - 13. `inDeal`: the seats dealt in (the 3-player end game leaves one out: no cards, no turn, tricks of two);
 * - a game of its own `dealing` says what a hand holds: `parseConfig` no longer asks for an even share (32/3).
 * And for the refusals Klapper-Jas's clients and tests know (issue 23; test/trickgame.refusals.test.ts):
 * - 14. `checksSeat` on a phase or `during`: its handler refuses the actions of seats `toAct` does not name
 *   itself (Kontra or Re out of place is `illegal-action` whoever says it), in place of `not-your-turn`;
 * - 15. `playDeck`: the deck of every config; a play action naming a card outside it is `malformed` when parsed.
 * Klapper-Jas itself still wires its own `Game`; its state keeps no longer what the kernel's will not: its
 * legal cards and who may say Kontra and Re are computed when asked (klapperjas/play.ts `playMask`, `optOf`),
 * as `FastFollow.playable` and `during.toAct` will ask them, and who has played once or twice is read from
 * the tricks taken and the open trick (`playedMask`), not kept by every card.
 */
export * from './cardset.ts';
export * from './deal.ts';
export * from './deck.ts';
export * from './follow.ts';
export * from './game.ts';
export * from './held.ts';
export * from './infer.ts';
export * from './jass.ts';
export * from './jass32.ts';
export * from './phases.ts';
export * from './plays32.ts';
export * from './spec.ts';
export { phased } from './states.ts';
export * from './suitplays.ts';
export * from './trick.ts';
