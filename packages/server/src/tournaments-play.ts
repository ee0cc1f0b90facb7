/**
 * A tournament table as an engine match (docs/tournaments.md, "On the server"): the game setup of a round's
 * table, a duplicate table's fixed deals, and a finished table's record turned into the core's
 * `TableResult` (as the practice runner, `@stich/tournament/runner`, scores its tables).
 */
import { createHmac } from 'node:crypto';
import { type AnyGame, type BaseOutcome, gameById, replay, seeded } from '@stich/engine';
import {
  dealScores,
  type GameResult,
  partSeats,
  playedDeals,
  type Settings,
  type Table,
  type TableResult,
} from '@stich/tournament';
import { duplicateSeed } from '@stich/tournament/runner';
import type { TournamentSeat } from './tournaments-tables.ts';

/** A table's game setup: four seats (Swiss: two), the preset, and the round's length as one match. */
export function tableConfig(s: Settings): {
  players: number;
  preset?: string;
  options?: Record<string, unknown>;
} {
  const players = s.format === 'swiss' ? 2 : 4;
  const preset = s.preset !== null ? { preset: s.preset } : {};
  // Swiss: one whole match of the game's own length.
  if (s.format === 'swiss') return { players, ...preset };
  if (s.game === 'differenzler') return { players, ...preset, options: { rounds: s.games } };
  // A duplicate round's deals are compared across tables, so the match must not steer them: no
  // Pflichtsolo, which a short round would otherwise force on every deal (docs/tournaments.md).
  const solo = s.format === 'duplicate' && s.game === 'doppelkopf' ? { pflichtsolo: false } : {};
  return { players, ...preset, options: { games: s.games, ...solo } };
}

/**
 * Whether a round's table plays its games as parts, each one game as a fresh match and a table of its own:
 * a DDV table of five (the engine's match has four seats), and a duplicate Klapper-Jas table (its match runs
 * to a points target, so no match holds a fixed number of deals; docs/tournaments.md).
 */
export const parted = (s: Settings, seats: number): boolean =>
  seats === 5 || (s.format === 'duplicate' && s.game === 'klapperjas');

/**
 * A part: one game as a fresh match of four. Doppelkopf: one game, so no Pflichtsolo (as in the practice
 * runner). Klapper-Jas: to 1 point, which ends the match with its first scored deal (a 4-player game always
 * awards at least 1 point to a party; a deal nobody plays is dealt again within the part).
 */
export function partConfig(s: Settings): {
  players: number;
  preset?: string;
  options: Record<string, unknown>;
} {
  return {
    players: 4,
    ...(s.preset !== null ? { preset: s.preset } : {}),
    options: s.game === 'klapperjas' ? { target: 1 } : { games: 1, pflichtsolo: false },
  };
}

/**
 * Parts (games) a parted table plays in a round: a table of five a quarter more than a table of four, so
 * that everyone deals and sits out equally often; a duplicate table the round's deals.
 */
export const partsOf = (s: Settings, seats: number): number => (seats === 5 ? (s.games * 5) / 4 : s.games);

/**
 * Part p's engine seats as the table's seats, and its dealer. A table of five: the player at seat p mod 5
 * deals and sits out, the four after him play, the first of them leading (engine seat 0, so engine seat 3
 * deals). A duplicate table: everyone in his seat, and the dealer of deal p is seat p mod 4 at every table
 * (as the practice runner deals it).
 */
export function partSeating(seats: number, p: number): { seats: number[]; dealer: number } {
  return seats === 5 ? { seats: partSeats(p), dealer: 3 } : { seats: [0, 1, 2, 3], dealer: p % 4 };
}

/** Whether the game takes the setup of every table size of the field (checked at the start). */
export function configFits(s: Settings, sizes: readonly number[]): boolean {
  const g = gameById(s.game);
  return sizes.every((n) => g?.parseConfig(parted(s, n) ? partConfig(s) : tableConfig(s)).ok === true);
}

/** The game a finished part scored, by the table's seats (null for the sitter of a table of five). */
export function partResult(
  s: Settings,
  seats: number,
  p: number,
  record: Parameters<typeof replay>[1],
): GameResult | string {
  const g = gameById(s.game) as AnyGame | undefined;
  if (!g) return `game ${s.game} is not available`;
  const r = replay(g, record);
  if (!r.ok) return r.error.reason;
  // A void deal (a house redeal) was dealt again within the part: the game is the first one played.
  const deal = playedDeals(s.game, (g.outcome(r.value.state) as BaseOutcome).deals)[0];
  if (!deal) return 'the part has no finished game';
  const sc = dealScores(s.game, deal);
  const scores: (number | null)[] = Array(seats).fill(null);
  partSeating(seats, p).seats.forEach((seat, j) => {
    scores[seat] = sc[j];
  });
  // A duplicate part is deal p of the round, compared with the same deal at the other tables.
  return s.format === 'duplicate' ? { scores, deal: p } : { scores };
}

/**
 * Deal `d` of a duplicate table (`number`: the deal's number in the table's record, so that a redeal gets
 * other cards; `dup.deal`: the round's deal a part starts with): the same cards at every table of the
 * round, seat s holding hand (s + rotation) mod 4.
 * The cards come from the tournament's secret and the public seed's deal (the runner's `duplicateSeed`):
 * the settings (and their seed) are public, the cards must not be.
 */
export function fixedDeal(
  game: AnyGame,
  state: unknown,
  dup: NonNullable<TournamentSeat['duplicate']>,
  round: number,
  number: number,
): unknown {
  // k games played so far (void deals, house redeals, left out); the deal's redeals (`n`) are the deals
  // recorded since the last game's (a house redeal is listed in the outcome, a Klapper-Jas deal nobody
  // plays is not, but both are recorded deals). Without redeals n is 0.
  const deals = (game.outcome(state) as BaseOutcome).deals as Record<string, unknown>[];
  const played = playedDeals(game.id, deals);
  const k = played.length;
  const since = k === 0 ? 0 : deals.lastIndexOf(played[k - 1]) + 1;
  const key = createHmac('sha256', dup.secret)
    .update(`${duplicateSeed(dup.seed, round, dup.deal + k)}/n${number - since}`)
    .digest('hex');
  const deal = game.randomDeal(state, seeded(key)) as { hands?: unknown[] };
  const n = game.seats(state);
  if (dup.rotation === 0 || !Array.isArray(deal.hands) || deal.hands.length !== n) return deal;
  const hands = deal.hands;
  return { ...deal, hands: hands.map((_, s) => hands[(s + dup.rotation) % n]) };
}

/** A finished table's result from its record; an error text when the record does not replay. */
export function resultOf(
  s: Settings,
  round: number,
  index: number,
  table: Table,
  record: Parameters<typeof replay>[1],
): TableResult | string {
  const g = gameById(s.game) as AnyGame | undefined;
  if (!g) return `game ${s.game} is not available`;
  const r = replay(g, record);
  if (!r.ok) return r.error.reason;
  const o = g.outcome(r.value.state) as BaseOutcome;
  const base = { round, table: index, players: table.players };
  if (s.format === 'swiss')
    return {
      ...base,
      games: [{ scores: [...o.scores] }],
      winners: o.winners.map((w) => table.players[w]),
    };
  // Void deals (house redeals) are no games: deal d is the round's d-th game, as at every other table.
  const games: GameResult[] = playedDeals(s.game, o.deals).map((deal, d) => ({
    scores: dealScores(s.game, deal),
    ...(s.format === 'duplicate' ? { deal: d } : {}),
  }));
  return s.format === 'duplicate' ? { ...base, games, rotation: table.rotation } : { ...base, games };
}
