/**
 * A tournament's rounds and standings drawn without a browser (React's server renderer), from a fixed
 * `TournamentDetail`: seats with computer and dropped players tagged, the viewer's own running table with
 * "Zu meinem Tisch", another running one with "Zuschauen", a finished one with its replay, the bye; the
 * standings with the format's total and tie-breaks by name; and names that are markup as escaped text. At the
 * end of a tournament table's match: the link to the tournament, the table its player is taken on to, and
 * whether the page is still at the finished table (else it does not move him).
 * The pages against the real server are tournaments.test.ts (Chromium).
 */
import type { TournamentDetail } from '@stich/protocol';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/i18n/index.ts';
import { TOURNAMENTS_DE, TOURNAMENTS_EN } from '../src/i18n/tournaments.ts';
import { nextTable, stillAt, TournamentNext } from '../src/TournamentNext.tsx';
import { Rounds, StandingsTable } from '../src/tournaments/Tables.tsx';

const EVIL = '<img src=x onerror=alert(1)>';
const kept = (globalThis as { localStorage?: unknown }).localStorage;

beforeAll(async () => {
  // The viewer is signed in as Annika (net.ts reads the name from localStorage).
  const m = new Map<string, string>([['stich.account', 'Annika']]);
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: { getItem: (k: string) => m.get(k) ?? null, setItem: () => {}, removeItem: () => {} },
  });
  await i18next.use(initReactI18next).init({
    resources: {
      de: { translation: { ...resources.de, tournaments: TOURNAMENTS_DE } },
      en: { translation: { ...resources.en, tournaments: TOURNAMENTS_EN } },
    },
    lng: 'de',
    fallbackLng: 'de',
    interpolation: { escapeValue: false },
  });
});
afterAll(() => {
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: kept });
});

const seat = (name: string, bot = false, dropped = false) => ({ name, bot, dropped });
const DETAIL: TournamentDetail = {
  id: 'T1',
  name: 'Cup',
  organizer: 'Annika',
  public: true,
  format: 'ddv',
  game: 'doppelkopf',
  status: 'running',
  entrants: 7,
  maxPlayers: 16,
  startsAt: null,
  settings: {
    format: 'ddv',
    game: 'doppelkopf',
    preset: null,
    rounds: 2,
    games: 4,
    seed: '1',
    startsAt: null,
    maxPlayers: 16,
    fill: true,
  },
  players: ['Annika', 'Bertram', 'Clara', 'Dora', 'Emil', 'Fritz', EVIL],
  registered: true,
  organizing: true,
  code: null,
  dropped: ['Fritz'],
  rounds: [
    {
      round: 0,
      status: 'done',
      bye: null,
      tables: [
        {
          table: 0,
          tableId: 'done0',
          status: 'done',
          played: 4,
          games: 4,
          seats: [seat('Annika'), seat('Bertram'), seat('Clara'), seat('Dora')],
        },
      ],
    },
    {
      round: 1,
      status: 'playing',
      bye: null,
      tables: [
        {
          table: 0,
          tableId: 'mine1',
          status: 'playing',
          played: 1,
          games: 4,
          seats: [seat('Annika'), seat('Emil'), seat('Fritz', false, true), seat('Computer 1', true)],
        },
        {
          table: 1,
          tableId: 'other1',
          status: 'playing',
          played: 2,
          games: 4,
          seats: [seat('Bertram'), seat('Clara'), seat('Dora'), seat(EVIL)],
        },
      ],
    },
  ],
  standings: [
    { rank: 1, player: EVIL, total: 12, tie: [3], games: 4 },
    { rank: 2, player: 'Annika', total: 5, tie: [2], games: 4 },
    { rank: 2, player: 'Fritz', total: 5, tie: [2], games: 4 },
  ],
};

const rounds = () => renderToStaticMarkup(createElement(Rounds, { detail: DETAIL }));
const standings = () => renderToStaticMarkup(createElement(StandingsTable, { detail: DETAIL }));
/** The part of the markup from the element with `attr` to the next table row. */
const part = (html: string, attr: string) => {
  const i = html.indexOf(attr);
  expect(i).toBeGreaterThan(-1);
  const j = html.indexOf('data-table=', i + attr.length);
  return html.slice(i, j === -1 ? undefined : j);
};

describe('a tournament’s rounds and standings', () => {
  it('draws the tables with their seats and the right link each, newest round first', async () => {
    await i18next.changeLanguage('de');
    const html = rounds();
    expect(html.indexOf('Serie 2')).toBeLessThan(html.indexOf('Serie 1'));
    const mine = part(html, 'data-table="mine1"');
    expect(mine).toContain('data-mine="true"');
    expect(mine).toContain('href="#/t/mine1"');
    expect(mine).toContain('Zu meinem Tisch');
    expect(mine).not.toContain('Zuschauen');
    expect(mine).toContain('1 von 4 Spielen');
    expect(mine).toMatch(
      /data-name="Fritz" data-bot="false" data-dropped="true">Fritz<span class="tag dropped">ausgestiegen/,
    );
    expect(mine).toMatch(
      /data-name="Computer 1" data-bot="true" data-dropped="false">Computer 1<span class="tag bot">Computer/,
    );
    expect(mine).toContain('Annika<span class="muted"> (du)</span>');
    const other = part(html, 'data-table="other1"');
    expect(other).toContain('data-mine="false"');
    expect(other).toContain('href="#/t/other1?watch=1"');
    expect(other).not.toContain('Zu meinem Tisch');
    const done = part(html, 'data-table="done0"');
    expect(done).toContain('href="#/replay/done0"');
    expect(done).toContain('Wiederholung');
    // A name that is markup stays text.
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('ranks with the format’s total and tie-breaks by name, shared places and dropped players marked', async () => {
    await i18next.changeLanguage('de');
    const de = standings();
    expect([...de.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1])).toEqual([
      'Platz',
      'Spieler',
      'Punkte',
      'Gewonnene Spiele',
      'Spiele',
    ]);
    expect([...de.matchAll(/<tr data-name="[^"]*"[^>]*><td>(\d+)<\/td>/g)].map((m) => m[1])).toEqual([
      '1',
      '2',
      '2',
    ]);
    expect(de).toContain('class="mine" aria-current="true"');
    expect(de).toMatch(/Fritz<span class="tag dropped">ausgestiegen/);
    expect(de).not.toContain('<img');
    await i18next.changeLanguage('en');
    const en = renderToStaticMarkup(
      createElement(StandingsTable, {
        detail: {
          ...DETAIL,
          format: 'swiss',
          standings: [{ rank: 1, player: 'A', total: 2, tie: [0, 7], games: 1 }],
        },
      }),
    );
    expect([...en.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1])).toEqual([
      'Place',
      'Player',
      'Match points',
      'Buchholz',
      'Score difference',
      'Games',
    ]);
    expect(
      renderToStaticMarkup(createElement(StandingsTable, { detail: { ...DETAIL, standings: [] } })),
    ).toContain('The standings appear once the first table has finished.');
    await i18next.changeLanguage('de');
  });
});

describe('the end of a match at a tournament table (TournamentNext.tsx)', () => {
  const [r0, r1] = DETAIL.rounds;
  const myDone = { ...r1, tables: [{ ...r1.tables[0], status: 'done' as const }, r1.tables[1]] };
  // Issue 26: a player at a finished part (or a finished round's table) goes on to his table in play.
  const CASES: [string, TournamentDetail, string, string, string | null][] = [
    ['his table of the running round', DETAIL, 'Annika', 'done0', 'mine1'],
    ['a new part of his table', DETAIL, 'Bertram', 'part0', 'other1'],
    ['already there', DETAIL, 'Annika', 'mine1', null],
    ['dropped out, then came back: his seat is still his', DETAIL, 'Fritz', 'done0', 'mine1'],
    ['a computer entrant of the same name', DETAIL, 'Computer 1', 'done0', null],
    ['not a player of the round', DETAIL, 'Zora', 'done0', null],
    ['his table is done, the round is not', { ...DETAIL, rounds: [r0, myDone] }, 'Annika', 'part0', null],
    ['the round is done: the next is not drawn yet', { ...DETAIL, rounds: [r0] }, 'Annika', 'x', null],
    ['the tournament is finished', { ...DETAIL, status: 'finished' }, 'Annika', 'done0', null],
  ];
  it.each(CASES)('%s', (_, d, me, at, next) => {
    expect(nextTable(d, me, at)).toBe(next);
  });

  // Once the address is another page (the player went there himself), an answer still on its way does not
  // move him.
  const WHERE: [string, string, boolean][] = [
    ['#/t/done0', 'done0', true],
    ['#/t/done0?seat=2', 'done0', true],
    ['#/t/done0?watch=1', 'done0', true],
    ['#/tournaments/T1', 'done0', false],
    ['#/t/mine1', 'done0', false],
    ['#/', 'done0', false],
  ];
  it.each(WHERE)('at %s the page is still at %s: %s', (hash, at, still) => {
    expect(stillAt('/', hash, at)).toBe(still);
  });

  it('links to the tournament, in the viewer’s language', async () => {
    const html = () =>
      renderToStaticMarkup(
        createElement(TournamentNext, { tournament: 'T1', tableId: 'done0', seated: true }),
      );
    await i18next.changeLanguage('de');
    expect(html()).toContain('data-testid="to-tournament" href="#/tournaments/T1">Zum Turnier</a>');
    await i18next.changeLanguage('en');
    expect(html()).toContain('>To the tournament</a>');
    await i18next.changeLanguage('de');
  });
});
