/**
 * A tournament's life before play: created from unchecked settings, players register and unregister
 * until the start, then `start` fixes the field. Pure and immutable: each operation returns a new
 * tournament or a typed error and never changes its input; the time is passed in (`now`, ms).
 */
import { GAME_IDS, type GameId, gameById, isObject } from '@stich/engine';
import { done, fail, type TResult } from './errors.ts';
import { FORMATS, type FormatId, isFormat, MAX_ENTRANTS, swissRounds, tableSizes } from './formats.ts';

export interface Settings {
  readonly format: FormatId;
  readonly game: GameId;
  /** The game's rule preset (e.g. Doppelkopf `ddv` or `house`); null: the game's default. */
  readonly preset: string | null;
  /** Series (DDV), passes (Differenzler) or rounds (Swiss, duplicate). */
  readonly rounds: number;
  /** Games per series at a table of four (DDV), per pass (Differenzler), deals per round (duplicate); Swiss: 1 (a whole match). */
  readonly games: number;
  /** The seed of table draws and deals: the same seed, field and results draw the same tables. */
  readonly seed: string;
  /** Registration closes at this time (ms since the epoch); null: only `start` closes it. */
  readonly startsAt: number | null;
  readonly maxPlayers: number;
  /** Computer players fill empty seats (the runner's concern; the core only records the wish). */
  readonly fill: boolean;
}

export interface Tournament {
  readonly settings: Settings;
  /** Registered players in registration order. */
  readonly players: readonly string[];
  readonly status: 'open' | 'started';
}

const KEYS = ['format', 'game', 'preset', 'rounds', 'games', 'seed', 'startsAt', 'maxPlayers', 'fill'];

const int = (x: unknown, lo: number, hi: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= lo && x <= hi;

/** Checks unchecked settings (missing fields take the format's defaults). */
export function parseSettings(input: unknown, base?: Settings): TResult<Settings> {
  if (!isObject(input)) return fail('malformed', 'settings must be an object');
  const unknown = Object.keys(input).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) return fail('malformed', `unknown settings: ${unknown.join(', ')}`);
  const format = input.format ?? base?.format;
  if (!isFormat(format))
    return fail(
      'unknown-format',
      `unknown format ${JSON.stringify(format)}; formats: ${Object.keys(FORMATS).join(', ')}`,
    );
  const f = FORMATS[format];
  const game = input.game ?? (base?.format === format ? base.game : f.games[0]);
  if (!(GAME_IDS as readonly unknown[]).includes(game) || !f.games.includes(game as GameId))
    return fail(
      'unknown-format',
      `the ${format} format plays ${f.games.join(' or ')}, not ${JSON.stringify(game)}`,
    );
  const preset = input.preset === undefined ? (base?.game === game ? base.preset : null) : input.preset;
  if (preset !== null) {
    const parsed =
      typeof preset === 'string'
        ? gameById(game as GameId)?.parseConfig({ players: format === 'swiss' ? 2 : 4, preset })
        : undefined;
    if (!parsed?.ok) return fail('malformed', `${JSON.stringify(preset)} is not a preset of ${game}`);
  }
  const rounds = input.rounds ?? base?.rounds ?? f.rounds;
  if (!int(rounds, 0, 100))
    return fail('malformed', 'rounds must be an integer from 0 (Swiss: automatic) to 100');
  if (rounds === 0 && format !== 'swiss')
    return fail('malformed', `the ${format} format needs at least 1 round`);
  const games = input.games ?? (base?.format === format ? base.games : f.perRound);
  if (!int(games, 1, 200)) return fail('malformed', 'games must be an integer from 1 to 200');
  // Every player deals equally often at tables of four, and a table of five plays a quarter more (docs).
  if ((format === 'ddv' || format === 'differenzler') && games % 4 !== 0)
    return fail(
      'malformed',
      `the ${format} format needs games in multiples of 4 (each player deals as often), not ${games}`,
    );
  const seed = input.seed ?? base?.seed ?? '1';
  if (typeof seed !== 'string' || seed.length === 0 || seed.length > 200)
    return fail('malformed', 'seed must be a string of 1 to 200 characters');
  const startsAt = input.startsAt === undefined ? (base?.startsAt ?? null) : input.startsAt;
  if (startsAt !== null && !int(startsAt, 0, Number.MAX_SAFE_INTEGER))
    return fail('malformed', 'startsAt must be a time in ms or null');
  const maxPlayers = input.maxPlayers ?? base?.maxPlayers ?? MAX_ENTRANTS;
  if (!int(maxPlayers, 2, MAX_ENTRANTS))
    return fail('malformed', `maxPlayers must be from 2 to ${MAX_ENTRANTS}`);
  const fill = input.fill ?? base?.fill ?? true;
  if (typeof fill !== 'boolean') return fail('malformed', 'fill must be true or false');
  return done({
    format,
    game: game as GameId,
    preset: preset as string | null,
    rounds,
    games,
    seed,
    startsAt,
    maxPlayers,
    fill,
  });
}

export function create(input: unknown): TResult<Tournament> {
  const s = parseSettings(input);
  return s.ok ? done({ settings: s.value, players: [], status: 'open' }) : s;
}

/** Registration is open before the start time and before `start`. */
function closed(t: Tournament, now: number): TResult<never> | null {
  if (t.status !== 'open') return fail('late-registration', 'the tournament has started');
  if (t.settings.startsAt !== null && now >= t.settings.startsAt)
    return fail('late-registration', 'registration closed at the start time');
  return null;
}

export function register(t: Tournament, player: string, now: number): TResult<Tournament> {
  if (typeof player !== 'string' || player.length === 0 || player.length > 64)
    return fail('malformed', 'a player is a name of 1 to 64 characters');
  const c = closed(t, now);
  if (c) return c;
  if (t.players.includes(player)) return fail('already-registered', `${player} is registered already`);
  if (t.players.length >= t.settings.maxPlayers)
    return fail('full', `the tournament takes at most ${t.settings.maxPlayers} players`);
  return done({ ...t, players: [...t.players, player] });
}

export function unregister(t: Tournament, player: string, now: number): TResult<Tournament> {
  const c = closed(t, now);
  if (c) return c;
  if (!t.players.includes(player)) return fail('not-registered', `${player} is not registered`);
  return done({ ...t, players: t.players.filter((p) => p !== player) });
}

/** Changes settings before the start; the field must still fit `maxPlayers`. */
export function edit(t: Tournament, patch: unknown): TResult<Tournament> {
  if (t.status !== 'open') return fail('started', 'a tournament cannot be edited after its start');
  const s = parseSettings(patch, t.settings);
  if (!s.ok) return s;
  if (t.players.length > s.value.maxPlayers)
    return fail(
      'full',
      `${t.players.length} players are registered, more than maxPlayers ${s.value.maxPlayers}`,
    );
  return done({ ...t, settings: s.value });
}

/** Fixes the field: the player count must fit the format's tables. */
export function start(t: Tournament): TResult<Tournament> {
  if (t.status !== 'open') return fail('started', 'the tournament has started already');
  const sizes = tableSizes(t.settings.format, t.players.length);
  if (!sizes.ok) return sizes;
  const rounds =
    t.settings.format === 'swiss' && t.settings.rounds === 0
      ? swissRounds(t.players.length)
      : t.settings.rounds;
  return done({ ...t, settings: { ...t.settings, rounds }, status: 'started' });
}
