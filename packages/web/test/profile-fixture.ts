/**
 * A profile and a leaderboard as the server answers them (packages/protocol stats.ts), for the tests that
 * draw them before (and besides) the server's statistics: two games, a provisional and a settled rating,
 * counts with labels and one key the client has no label for.
 */
import type { LeaderboardResponse, ProfileResponse, RatingPoint, RecentMatch } from '@stich/protocol';

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 18, 0)).toISOString();

const recent: RecentMatch[] = Array.from({ length: 50 }, (_, i) => ({
  tableId: `t${String(50 - i).padStart(3, '0')}`,
  game: i % 3 === 0 ? 'klapperjas' : 'doppelkopf',
  preset: i % 3 === 0 ? 'manual' : 'house',
  endedAt: day(50 - i),
  place: 1 + ((i * 7) % 4),
  players: 4,
  score: i % 3 === 0 ? 2 - (i % 5) : 12 - 3 * (i % 9),
  hinted: i === 4,
}));

export const PROFILE: ProfileResponse = {
  player: { name: 'Clara', since: day(0) },
  games: [
    {
      game: 'doppelkopf',
      preset: 'house',
      matches: 33,
      matchesWon: 14,
      matchesLost: 19,
      deals: 792,
      dealsWon: 401,
      dealsLost: 391,
      gamePoints: 264,
      cardPoints: 95_280,
      cardPointsAll: 190_080,
      counts: {
        're.played': 390,
        're.won': 212,
        'kontra.played': 402,
        'kontra.won': 189,
        'solo.queens.played': 7,
        'solo.queens.won': 5,
        'call.re': 40,
        'call.re.held': 31,
        'fox.caught': 61,
        'fox.lost': 44,
        'future.thing': 3,
      },
      vsBots: { rule: { matches: 20, won: 11 }, search: { matches: 13, won: 3 } },
      hints: 12,
      histogram: {
        '-6': 4,
        '-4': 21,
        '-3': 60,
        '-2': 150,
        '-1': 10,
        '1': 12,
        '2': 160,
        '3': 70,
        '4': 25,
        '6': 5,
      },
      rating: { mu: 27.1, sigma: 1.9, display: 1850.4, matches: 33, provisional: false },
    },
    {
      game: 'klapperjas',
      preset: 'manual',
      matches: 17,
      matchesWon: 9,
      matchesLost: 8,
      deals: 140,
      dealsWon: 77,
      dealsLost: 63,
      gamePoints: 61,
      cardPoints: 11_900,
      cardPointsAll: 21_980,
      counts: { 'orgi.played': 30, 'orgi.won': 21, belle: 9 },
      vsBots: { search: { matches: 17, won: 9 } },
      hints: 0,
      histogram: { '-2': 20, '-1': 43, '1': 51, '2': 26 },
      rating: { mu: 24, sigma: 5.5, display: 1301.2, matches: 4, provisional: true },
    },
  ],
  recent,
  ratingHistory: Array.from(
    { length: 33 },
    (_, i): RatingPoint => ({
      at: day(i + 10),
      game: 'doppelkopf',
      preset: 'house',
      display: 1000 + 26 * i + (i % 4) * 7,
    }),
  ).concat(
    Array.from(
      { length: 4 },
      (_, i): RatingPoint => ({
        at: day(i + 30),
        game: 'klapperjas',
        preset: 'manual',
        display: 1100 + 50 * i,
      }),
    ),
  ),
};

export const BOARD: LeaderboardResponse = {
  game: 'doppelkopf',
  preset: 'house',
  minMatches: 10,
  activeDays: 90,
  rows: [
    {
      place: 1,
      name: 'Bot (search)',
      bot: 'search',
      rating: { mu: 30, sigma: 0, display: 2200, matches: 900, provisional: false },
      lastPlayed: day(49),
    },
    {
      place: 2,
      name: 'Clara',
      rating: { mu: 27.1, sigma: 1.9, display: 1850.4, matches: 33, provisional: false },
      lastPlayed: day(48),
    },
    {
      place: 3,
      name: 'Jürgen',
      rating: { mu: 25, sigma: 6, display: 1210, matches: 3, provisional: true },
      lastPlayed: day(40),
    },
  ],
};
