/**
 * A table played in parts in Chromium against the real server (issue 26, docs/tournaments.md): a duplicate
 * Klapper-Jas tournament of 1 round of 3 deals, each deal a part of its own (a fresh server table). Annika
 * sets it up in the form with computer players for empty seats; Bertram registers and never comes, so six
 * computer entrants fill the field of 8 (two tables). Annika sits at her first part from the tournament
 * page's link and never goes back there: at the end of each part the page takes her on to the next part by
 * itself, at her seat. She plays each part by clicking, and every step of her seat at each part is one of
 * her clicks (no computer played for her: each move came within her grace period). The parts she was taken
 * to are those the server opened for her table, in order. At the end the finished part's link leads to the
 * tournament, which shows it finished.
 */
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { chromiumPath, harness, langContext, playUntil, signUp, stats, WAIT_MS } from './harness.ts';
import { createTournament, entrants, headStatus } from './tournament-pages.ts';

const DEALS = 3;

describe.skipIf(!chromiumPath)('a tournament table played in parts in the browser', () => {
  // The absent Bertram's seat goes to a computer after the grace period; Annika's grace runs anew at each
  // part, and the move to the next part (at most one poll of 5 s) comes well within it.
  const h = harness({ GRACE_SECONDS: '20' });
  const local = () => h.base.replace('127.0.0.1', 'localhost');

  it('moves the player from part to part by itself to the end of the round', async () => {
    const t0 = performance.now();
    const annika = await h.newPage(await langContext(h, 'de'));
    const bertram = await h.newPage(await langContext(h, 'en'));
    await Promise.all([signUp(annika, local(), 'Annika'), signUp(bertram, local(), 'Bertram')]);

    const id = await createTournament(annika, local(), {
      name: 'Klapper in Teilen',
      format: 'duplicate',
      game: 'klapperjas',
      rounds: 1,
      games: DEALS,
    });
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('1 von 16 Spielern');
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('2 of 16 players');
    await bertram.close();
    await expect.poll(() => entrants(annika), { timeout: 15_000 }).toBe('2 von 16 Spielern');
    await annika.getByTestId('start').click();
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('running');

    // Her table of the round: she sits down at its first part from the page's link.
    const mine = annika.locator('[data-testid=tournament-rounds] li[data-mine=true]');
    await mine.getByTestId('sit').waitFor({ timeout: WAIT_MS });
    const drawn = await mine
      .locator('ol.seats li')
      .evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.name));
    const seat = drawn.indexOf('Annika');
    expect(seat).toBeGreaterThanOrEqual(0);
    await mine.getByTestId('sit').click();

    const parts: { table: string; clicks: number }[] = [];
    for (let p = 0; p < DEALS; p++) {
      // The page shows the next part by itself (the first one from the link), with her at her seat.
      const left = p > 0 ? `:not([data-table="${parts[p - 1].table}"])` : '';
      const screen = annika.locator(`main.table-screen[data-seat="${seat}"]${left}`);
      await screen.waitFor({ timeout: WAIT_MS });
      const table = (await screen.getAttribute('data-table'))!;
      // A part is played until it is over, or until the page has moved on (the end may pass unseen); the
      // steps of the limit include waits of 25 ms, for the absent Bertram too.
      const done = () =>
        annika.evaluate((t) => {
          const main = document.querySelector('main.table-screen');
          return main?.getAttribute('data-table') !== t || main.getAttribute('data-over') === 'true';
        }, table);
      // Her clicks, one per action (playUntil's own count includes its waits).
      const before = stats.clickMs.length;
      await playUntil(annika, done, 5000, `main.table-screen[data-table="${table}"]`);
      parts.push({ table, clicks: stats.clickMs.length - before });
    }
    h.figures.partsMs = Math.round(performance.now() - t0);

    // The last part stays: the tournament is over, nothing to move on to; its link leads to the tournament.
    await annika.getByTestId('to-tournament').click();
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('finished');

    // The parts she was taken to are her table's, in order; every step of her seat there is one of her clicks.
    const { db } = context().store;
    const first = await db
      .selectFrom('tournament_parts')
      .select(['round', 'table_no'])
      .where('table_id', '=', parts[0].table)
      .executeTakeFirstOrThrow();
    const opened = await db
      .selectFrom('tournament_parts')
      .select('table_id')
      .where('tournament_id', '=', id)
      .where('round', '=', first.round)
      .where('table_no', '=', first.table_no)
      .orderBy('part')
      .execute();
    expect(parts.map((p) => p.table)).toEqual(opened.map((o) => o.table_id));
    for (const p of parts) {
      const steps = await db
        .selectFrom('steps')
        .select('seq')
        .where('table_id', '=', p.table)
        .where('kind', '=', 'action')
        .where('seat', '=', seat)
        .execute();
      expect(p.clicks, p.table).toBeGreaterThan(0);
      expect(steps.length, p.table).toBe(p.clicks);
    }
    console.log('a table in parts in the browser:', h.figures);
  }, 300_000);
});
