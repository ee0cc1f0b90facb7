/**
 * Short DDV Doppelkopf tournaments in Chromium against the real server (issue 26, docs/tournaments.md), each
 * with one browser player among people who never come and computers: 1 series of 4 games, computer players
 * for empty seats. Annika sets the first up; Bertram registers on its page and never comes, so the field
 * of two is filled with two computer entrants at the start (one table of four). Dora sets the second up
 * and 15 players register through the HTTP API and never come: 16 entrants at 4 tables of four. After the
 * grace period a computer plays the seat of each absent player and he is marked as dropped out. The
 * browser player sees her table on the tournament's page, sits down from its link and plays every card
 * and every answer of the Vorbehalt she is asked for by clicking (every step of her seat at the server
 * is one of her clicks). At the end the page shows the tournament finished and its standings exactly as
 * the server answers them, and those as the core's `standings` of the stored results.
 */
import { TOURNAMENTS_API } from '@stich/protocol';
import { standings } from '@stich/tournament';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { namesOf } from '../../server/src/tournaments-run.ts';
import { account, req, resultsOf, tpath } from '../../server/test/tournaments.ts';
import { playTable } from './doppelkopf-helpers.ts';
import { chromiumPath, harness, langContext, signUp, WAIT_MS } from './harness.ts';
import { createTournament, entrants, headStatus } from './tournament-pages.ts';

/** The fewest games a DDV series takes (a multiple of 4: each player deals as often). */
const GAMES = 4;

describe.skipIf(!chromiumPath)('a DDV Doppelkopf tournament in the browser', () => {
  // An absent player's seat goes to a computer after the grace period: long enough for the browser player
  // to reach her seat from the page on a slow machine (2.7 s from the start's click with a load of 20 on
  // 2 cores), short enough not to hold the tables up for long (an absent player's first turn waits for it).
  const h = harness({ GRACE_SECONDS: '20' });
  const local = () => h.base.replace('127.0.0.1', 'localhost');
  const detail = (page: Page, id: string) => page.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);

  /** Sets a DDV tournament of 1 series of `GAMES` games up in the form (German page); returns its id. */
  async function create(page: Page, name: string): Promise<string> {
    const id = await createTournament(page, local(), {
      name,
      format: 'ddv',
      preset: 'ddv',
      rounds: 1,
      games: GAMES,
    });
    expect(await page.getByTestId('tournament-head').innerText()).toMatch(/1 Serie zu 4 Spielen/);
    return id;
  }

  /** The page's player's own table (waits for its link to sit down): the row, its table id and seats as name/bot. */
  async function mine(page: Page): Promise<{ row: Locator; table: string; seats: string[] }> {
    const row = page.locator('[data-testid=tournament-rounds] li[data-mine=true]');
    await row.getByTestId('sit').waitFor({ timeout: WAIT_MS });
    const seats = await row
      .locator('ol.seats li')
      .evaluateAll((l) =>
        l.map((x) => `${(x as HTMLElement).dataset.name}/${(x as HTMLElement).dataset.bot}`),
      );
    return { row, table: (await row.getAttribute('data-table'))!, seats };
  }

  /**
   * Sits down at the page's table from its link at `seat` and plays it to its end by clicking; returns her
   * clicks after checking that every step of her seat at the server is one of them (no computer played for her).
   */
  async function sitAndPlay(page: Page, row: Locator, table: string, seat: number): Promise<number> {
    const t1 = performance.now();
    await row.getByTestId('sit').click();
    // She sees the table from her drawn seat, with her hand.
    await page.locator(`main.table-screen[data-seat="${seat}"]`).waitFor({ timeout: WAIT_MS });
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    h.figures.toSeatMs = Math.round(performance.now() - t1);
    const t2 = performance.now();
    const clicks = await playTable(page, GAMES);
    // Playing includes one wait of up to the grace period for the absent players' first turns.
    h.figures.playMs = Math.round(performance.now() - t2);
    h.figures.clicks = clicks;
    const steps = await context()
      .store.db.selectFrom('steps')
      .select('seq')
      .where('table_id', '=', table)
      .where('kind', '=', 'action')
      .where('seat', '=', seat)
      .execute();
    expect(clicks).toBeGreaterThanOrEqual(12 * GAMES);
    expect(steps.length).toBe(clicks);
    return clicks;
  }

  /**
   * The standings on the finished tournament's page (German): the server's answer row by row (place,
   * player, points, games won, games), and that the core's `standings` of the stored results of its
   * `tables` tables (one series of `GAMES` games); returns the rows.
   */
  async function checkStandings(page: Page, id: string, tables: number): Promise<string[][]> {
    const answer = (await page.evaluate(async (tid) => {
      const r = await fetch(`/api/tournaments/${encodeURIComponent(tid)}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('stich.token')}` },
      });
      return r.json();
    }, id)) as { standings: { rank: number; player: string; total: number; tie: number[]; games: number }[] };
    const served = answer.standings.map((s) => [s.rank, s.player, s.total, ...s.tie, s.games].map(String));
    expect(served).toHaveLength(4 * tables);
    const head = await page.locator('[data-testid=tournament-standings] thead th').allInnerTexts();
    expect(head).toEqual(['Platz', 'Spieler', 'Punkte', 'Gewonnene Spiele', 'Spiele']);
    const shown = await page.locator('[data-testid=tournament-standings] tbody tr').evaluateAll((rows) =>
      rows.map((r) => {
        const td = [...r.querySelectorAll('td')].map((x) => x.textContent ?? '');
        // The name cell carries the dropped tag after the name: the row's name is its data-name.
        return [td[0], (r as HTMLElement).dataset.name ?? '', ...td.slice(2)];
      }),
    );
    expect(shown).toEqual(served);
    // Each played all 4 games (the sitter of a table of five would not), and the points of a game sum to 0.
    expect(shown.map((s) => s[4])).toEqual(Array(4 * tables).fill(String(GAMES)));
    expect(shown.reduce((n, s) => n + Number(s[2]), 0)).toBe(0);

    // And the server's standings are the core's of the stored results.
    const { db } = context().store;
    const row = await db
      .selectFrom('tournaments')
      .select('players')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const players = JSON.parse(row.players) as string[];
    const results = await resultsOf(db, id);
    expect(results.map((x) => [x.round, x.table, x.games.length])).toEqual(
      Array.from({ length: tables }, (_, i) => [0, i, GAMES]),
    );
    const names = await namesOf(players);
    expect(
      standings('ddv', 'doppelkopf', players, results).map((s) =>
        [s.rank, names.get(s.player), s.total, ...s.tie, s.games].map(String),
      ),
    ).toEqual(served);
    return shown;
  }

  /** The field on the tournament's page, each player's `data-dropped` in order of registration. */
  const dropped = (page: Page) =>
    page
      .locator('[data-testid=tournament-players] li')
      .evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.dropped));

  it('one browser player plays a series of 4 games with computers; the standings are the server’s', async () => {
    const t0 = performance.now();
    const annika = await h.newPage(await langContext(h, 'de'));
    const bertram = await h.newPage(await langContext(h, 'en'));
    await Promise.all([signUp(annika, local(), 'Annika'), signUp(bertram, local(), 'Bertram')]);

    const id = await create(annika, 'DDV-Runde');
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('1 von 16 Spielern');

    // Bertram registers on the page and closes it: he never sits down.
    await detail(bertram, id);
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('2 of 16 players');
    await bertram.close();
    await expect.poll(() => entrants(annika), { timeout: 15_000 }).toBe('2 von 16 Spielern');

    h.figures.setupMs = Math.round(performance.now() - t0);
    await annika.getByTestId('start').click();
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('running');
    // One table of four: Annika, Bertram and two computer entrants; hers, with the link to sit down.
    const { row, table, seats } = await mine(annika);
    expect(await annika.locator('[data-testid=tournament-rounds] li[data-table]').count()).toBe(1);
    expect([...seats].sort()).toEqual([
      'Annika/false',
      'Bertram/false',
      'Computer 1/true',
      'Computer 2/true',
    ]);
    await sitAndPlay(annika, row, table, seats.indexOf('Annika/false'));

    await detail(annika, id);
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('finished');
    expect(await annika.getByTestId('tournament-status').innerText()).toBe('beendet');
    // Bertram is marked as dropped out, Annika is not.
    expect(await dropped(annika)).toEqual(['false', 'true', 'false', 'false']);
    const field = annika.locator('[data-testid=tournament-players] li');
    expect(await field.locator('.tag.dropped').allInnerTexts()).toEqual(['ausgestiegen']);
    await checkStandings(annika, id, 1);
    h.figures.tournamentMs = Math.round(performance.now() - t0);
    console.log('DDV tournament in the browser:', h.figures);
  }, 240_000);

  it('16 players at 4 tables, 15 of them absent and played by computers; the standings are the server’s', async () => {
    const t0 = performance.now();
    const dora = await h.newPage(await langContext(h, 'de'));
    await signUp(dora, local(), 'Dora');
    const id = await create(dora, 'DDV zu sechzehnt');
    await dora.getByTestId('register').click();
    await expect.poll(() => entrants(dora)).toBe('1 von 16 Spielern');

    // Fifteen accounts register through the HTTP API, one after the other, and never come.
    const absent = Array.from({ length: 15 }, (_, i) => `Spieler ${String(i + 1).padStart(2, '0')}`);
    for (const name of absent) {
      const who = await account(h.base, name);
      const r = await req(h.base, who, 'POST', tpath(TOURNAMENTS_API.players, id), {});
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await expect.poll(() => entrants(dora), { timeout: 15_000 }).toBe('16 von 16 Spielern');

    h.figures.setupMs = Math.round(performance.now() - t0);
    await dora.getByTestId('start').click();
    await expect.poll(() => headStatus(dora), { timeout: WAIT_MS }).toBe('running');
    // Four tables of four, every entrant once and no computer entrant (16 need none); hers among them.
    const { row, table, seats } = await mine(dora);
    const all = await dora
      .locator('[data-testid=tournament-rounds] li[data-table] ol.seats li')
      .evaluateAll((l) =>
        l.map((x) => `${(x as HTMLElement).dataset.name}/${(x as HTMLElement).dataset.bot}`),
      );
    expect(await dora.locator('[data-testid=tournament-rounds] li[data-table]').count()).toBe(4);
    expect([...all].sort()).toEqual(['Dora', ...absent].map((n) => `${n}/false`).sort());
    expect(seats).toHaveLength(4);
    await sitAndPlay(dora, row, table, seats.indexOf('Dora/false'));

    await detail(dora, id);
    await expect.poll(() => headStatus(dora), { timeout: WAIT_MS }).toBe('finished');
    expect(await dora.getByTestId('tournament-status').innerText()).toBe('beendet');
    const tables = dora.locator('[data-testid=tournament-rounds] li[data-table]');
    expect(await tables.evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.status))).toEqual(
      Array(4).fill('done'),
    );
    // The fifteen absent are marked as dropped out, Dora (registered first) is not.
    expect(await dropped(dora)).toEqual(['false', ...Array(15).fill('true')]);
    const field = dora.locator('[data-testid=tournament-players] li');
    expect(await field.locator('.tag.dropped').allInnerTexts()).toEqual(Array(15).fill('ausgestiegen'));
    const shown = await checkStandings(dora, id, 4);
    expect(shown.map((s) => s[1]).sort()).toEqual(['Dora', ...absent].sort());
    h.figures.tournamentMs = Math.round(performance.now() - t0);
    console.log('DDV tournament of 16 in the browser:', h.figures);
  }, 300_000);
});
