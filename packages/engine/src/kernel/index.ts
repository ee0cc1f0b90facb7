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
 * - spec.ts     the override list as a type, `TrickGameSpec`: what a game supplies, and nothing else (the
 *               list and its defaults are documented there, member by member); the state, deal, view and
 *               outcome of a trick game.
 * - game.ts     `trickGame(spec)`: the complete `Game` from a spec (dealing, the reference play step, trick
 *               views, toAct/legalActions, typed errors, deal results and the outcome).
 */
export * from './cardset.ts';
export * from './deck.ts';
export * from './follow.ts';
export * from './game.ts';
export * from './infer.ts';
export * from './jass.ts';
export * from './phases.ts';
export * from './spec.ts';
export * from './trick.ts';
