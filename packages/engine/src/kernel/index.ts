/**
 * The trick-taking kernel: what Klapper-Jas, Klaberjass, Differenzler and Doppelkopf share.
 *
 * Modules:
 * - deck.ts     decks with card parsing once: JASS32, JASS36, DOKO40, DOKO48 (`makeDeck` for others).
 * - cardset.ts  card sets of up to 64 slots in two words, duplicates as a second copy (slot = kind + copy * kinds).
 * - jass.ts     the Jass family's orders (ten-high, swiss), card points, last trick; per-game `JassGame`.
 * - trick.ts    effective suits (`TRUMP` for every trump), trick ranking, winner, the trick part of views.
 * - follow.ts   follow/ruff/overtrump as named policies over card categories, and their inference tables.
 * - infer.ts    the same policies over cards: legal cards, what a seat cannot hold (for bots and tests).
 * - phases.ts   one handler per phase.
 *
 * The override list: what a game supplies, and nothing else.
 * 1. `deck`: one of the decks above.
 * 2. `TrickOrder.suit(card)`: the effective suit, `TRUMP` for every trump (trump need not be a suit).
 * 3. `TrickOrder.strength(card)`: strength inside the effective suit (Jass: `jassTables`).
 * 4. `TrickOrder.equalBeats(card, best)` (optional): whether the later of two equal cards wins
 *    (Doppelkopf's second Dulle); default: the first of two equal cards wins.
 * 5. Card points and the last-trick bonus (Jass: `jassTables`, `JassGame.lastTrick`).
 * 6. The follow policy (`FollowPolicy`) and the trumps a trump lead never forces (`exempt`).
 * 7. `PhaseHandlers`: one handler per phase (legal actions, apply); shared checks come before it.
 * 8. The view: `TrickView`/`TricksView` (made by `tricksView`) plus the game's own fields.
 * 9. Performance shortcuts: the game's own bit layout (bit sets per suit or per word), in the game's one
 *    documented shortcut place, computing its legal sets through `legalWord`/`allowedCategories` (so the
 *    policy stays the kernel's), each shortcut guarded by an equivalence test against the card-level form.
 */
export * from './cardset.ts';
export * from './deck.ts';
export * from './follow.ts';
export * from './infer.ts';
export * from './jass.ts';
export * from './phases.ts';
export * from './trick.ts';
