/**
 * The tournament routes (packages/protocol tournaments.ts, docs/tournaments.md) for the tournament screens:
 * list, create, one tournament (with its invite code), edit, register, unregister, start, cancel. Requests go
 * through the account screens' `call` (session cookie, player token, the CSRF header on a change, a refusal
 * as `AccountError` with the server's `{ code, reason }`).
 */
import type { TournamentDetail, TournamentList } from '@stich/protocol';
import { call } from '../account/api.ts';

// Values of packages/protocol tournaments.ts (TOURNAMENTS_API, TOURNAMENT_POLL_SECONDS,
// TOURNAMENT_ENTRANTS_MAX), repeated so that the chunk does not pull the protocol's zod schemas in with them;
// test/tournaments-contract.test.ts checks that they agree.
export const TOURNAMENTS_API = {
  list: '/api/tournaments',
  one: '/api/tournaments/:id',
  players: '/api/tournaments/:id/players',
  start: '/api/tournaments/:id/start',
} as const;
export const TOURNAMENT_POLL_SECONDS = 5;
export const TOURNAMENT_ENTRANTS_MAX = 64;

const path = (route: string, id: string, code?: string | null) =>
  route.replace(':id', encodeURIComponent(id)) + (code ? `?code=${encodeURIComponent(code)}` : '');

/** What the create form sends: `settings` is checked by the server (the core's `parseSettings`). */
export interface NewTournament {
  readonly name: string;
  readonly public: boolean;
  readonly settings: Record<string, unknown>;
}

export const listTournaments = () => call<TournamentList>('GET', TOURNAMENTS_API.list);
export const createTournament = (t: NewTournament) => call<TournamentDetail>('POST', TOURNAMENTS_API.list, t);
export const fetchTournament = (id: string, code?: string | null) =>
  call<TournamentDetail>('GET', path(TOURNAMENTS_API.one, id, code));
/** The organizer's change before the start; the server answers `started` after it. */
export const editTournament = (id: string, t: NewTournament) =>
  call<TournamentDetail>('PATCH', path(TOURNAMENTS_API.one, id), t);
export const registerTournament = (id: string, code?: string | null) =>
  call<unknown>('POST', path(TOURNAMENTS_API.players, id), code ? { code } : {});
export const unregisterTournament = (id: string) =>
  call<unknown>('DELETE', path(TOURNAMENTS_API.players, id));
export const startTournament = (id: string) => call<unknown>('POST', path(TOURNAMENTS_API.start, id));
export const cancelTournament = (id: string) => call<unknown>('DELETE', path(TOURNAMENTS_API.one, id));
