/**
 * A short DDV Doppelkopf tournament in Chromium against the real server (issue 26, docs/tournaments.md): one
 * browser player among computers. Annika sets up 1 series of 4 games with computer players for empty
 * seats; Bertram registers on its page and never comes, so the field of two is filled with two
 * computer entrants at the start (one table of four), and after the grace period a computer plays his
 * seat and he is marked as dropped out. Annika sees her table on the tournament's page, sits down from its
 * link and plays every card and every answer of the Vorbehalt she is asked for by clicking (every step of
 * her seat at the server is one of her clicks). At the end the page shows the tournament finished and its
 * standings exactly as the server answers them, and those as the core's `standings` of the stored results.
 */
import { standings, type TableResult } from '@stich/tournament';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { namesOf } from '../../server/src/tournaments-run.ts';
import { playTable } from './doppelkopf-helpers.ts';
import { chromiumPath, harness, langContext, signUp, WAIT_MS } from './harness.ts';

/** The fewest games a DDV series takes (a multiple of 4: each player deals as often). */
const GAMES = 4;

describe.skipIf(!chromiumPath)('a DDV Doppelkopf tournament in the browser', () => {
  // The absent Bertram's seat goes to a computer after the grace period: long enough for Annika to reach
  // her seat from the page on a slow machine (2.7 s from the start's click with a load of 20 on 2 cores),
  // short enough not to hold the table up for long (his first turn waits for it).
  const h = harness({ GRACE_SECONDS: '20' });
  const local = () => h.base.replace('127.0.0.1', 'localhost');
  const headStatus = (page: Page) => page.getByTestId('tournament-head').getAttribute('data-status');
  const entrants = (page: Page) => page.getByTestId('tournament-entrants').innerText();

  it('one browser player plays a series of 4 games with computers; the standings are the server’s', async () => {
    const t0 = performance.now();
    const annika = await h.newPage(await langContext(h, 'de'));
    const bertram = await h.newPage(await langContext(h, 'en'));
    await Promise.all([signUp(annika, local(), 'Annika'), signUp(bertram, local(), 'Bertram')]);

    await annika.goto(`${local()}/#/tournaments`);
    const form = annika.getByTestId('tournament-create');
    await form.locator('input[name=name]').fill('DDV-Runde');
    await form.locator('select[name=format]').selectOption('ddv');
    await form.locator('select[name=preset]').selectOption('ddv');
    await form.locator('input[name=rounds]').fill('1');
    await form.locator('input[name=games]').fill(String(GAMES));
    expect(await form.locator('input[name=fill]').isChecked()).toBe(true);
    await form.locator('button[type=submit]').click();
    await annika.getByTestId('tournament-head').waitFor({ timeout: WAIT_MS });
    const id = decodeURIComponent(/#\/tournaments\/([^?]+)/.exec(annika.url())![1]);
    expect(await annika.getByTestId('tournament-head').innerText()).toMatch(/1 Serie zu 4 Spielen/);
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('1 von 16 Spielern');

    // Bertram registers on the page and closes it: he never sits down.
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('2 of 16 players');
    await bertram.close();
    await expect.poll(() => entrants(annika), { timeout: 15_000 }).toBe('2 von 16 Spielern');

    h.figures.setupMs = Math.round(performance.now() - t0);
    const t1 = performance.now();
    await annika.getByTestId('start').click();
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('running');
    // One table of four: Annika, Bertram and two computer entrants; hers, with the link to sit down.
    const mine = annika.locator('[data-testid=tournament-rounds] li[data-mine=true]');
    await mine.getByTestId('sit').waitFor({ timeout: WAIT_MS });
    expect(await annika.locator('[data-testid=tournament-rounds] li[data-table]').count()).toBe(1);
    const table = (await mine.getAttribute('data-table'))!;
    const seats = await mine
      .locator('ol.seats li')
      .evaluateAll((l) =>
        l.map((x) => `${(x as HTMLElement).dataset.name}/${(x as HTMLElement).dataset.bot}`),
      );
    expect([...seats].sort()).toEqual([
      'Annika/false',
      'Bertram/false',
      'Computer 1/true',
      'Computer 2/true',
    ]);
    const seat = seats.indexOf('Annika/false');
    await mine.getByTestId('sit').click();
    // She sees the table from her drawn seat, with her hand.
    await annika.locator(`main.table-screen[data-seat="${seat}"]`).waitFor({ timeout: WAIT_MS });
    await annika.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    h.figures.toSeatMs = Math.round(performance.now() - t1);
    const t2 = performance.now();
    const clicks = await playTable(annika, GAMES);
    // Playing includes one wait of up to the grace period for the absent Bertram's first turn.
    h.figures.playMs = Math.round(performance.now() - t2);
    h.figures.clicks = clicks;

    // Every step of her seat is one of her clicks: no computer played for her.
    const { db } = context().store;
    const steps = await db
      .selectFrom('steps')
      .select('seq')
      .where('table_id', '=', table)
      .where('kind', '=', 'action')
      .where('seat', '=', seat)
      .execute();
    expect(clicks).toBeGreaterThanOrEqual(12 * GAMES);
    expect(steps.length).toBe(clicks);

    await annika.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('finished');
    expect(await annika.getByTestId('tournament-status').innerText()).toBe('beendet');
    // Bertram is marked as dropped out, Annika is not.
    const field = annika.locator('[data-testid=tournament-players] li');
    expect(await field.evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.dropped))).toEqual([
      'false',
      'true',
      'false',
      'false',
    ]);
    expect(await field.locator('.tag.dropped').allInnerTexts()).toEqual(['ausgestiegen']);

    // The standings on the page: the server's answer, row by row (place, player, points, games won, games).
    const answer = (await annika.evaluate(async (tid) => {
      const r = await fetch(`/api/tournaments/${encodeURIComponent(tid)}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('stich.token')}` },
      });
      return r.json();
    }, id)) as { standings: { rank: number; player: string; total: number; tie: number[]; games: number }[] };
    const served = answer.standings.map((s) => [s.rank, s.player, s.total, ...s.tie, s.games].map(String));
    expect(served).toHaveLength(4);
    const head = await annika.locator('[data-testid=tournament-standings] thead th').allInnerTexts();
    expect(head).toEqual(['Platz', 'Spieler', 'Punkte', 'Gewonnene Spiele', 'Spiele']);
    const shown = await annika.locator('[data-testid=tournament-standings] tbody tr').evaluateAll((rows) =>
      rows.map((r) => {
        const td = [...r.querySelectorAll('td')].map((x) => x.textContent ?? '');
        // The name cell carries the dropped tag after the name: the row's name is its data-name.
        return [td[0], (r as HTMLElement).dataset.name ?? '', ...td.slice(2)];
      }),
    );
    expect(shown).toEqual(served);
    // Each played all 4 games (the sitter of a table of five would not), and the points of a game sum to 0.
    expect(shown.map((s) => s[4])).toEqual(['4', '4', '4', '4']);
    expect(shown.reduce((n, s) => n + Number(s[2]), 0)).toBe(0);

    // And the server's standings are the core's of the stored results.
    const row = await db
      .selectFrom('tournaments')
      .select('players')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const players = JSON.parse(row.players) as string[];
    const results = (
      await db.selectFrom('tournament_tables').select('result').where('tournament_id', '=', id).execute()
    ).map((x) => JSON.parse(x.result ?? 'null') as TableResult);
    expect(results.map((x) => [x.round, x.table, x.games.length])).toEqual([[0, 0, GAMES]]);
    const names = await namesOf(players);
    expect(
      standings('ddv', 'doppelkopf', players, results).map((s) =>
        [s.rank, names.get(s.player), s.total, ...s.tie, s.games].map(String),
      ),
    ).toEqual(served);
    h.figures.tournamentMs = Math.round(performance.now() - t0);
    console.log('DDV tournament in the browser:', h.figures);
  }, 240_000);
});
