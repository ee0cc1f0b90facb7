/**
 * A duplicate Doppelkopf tournament of 8 in Chromium against the real server (issue 26, docs/tournaments.md):
 * two players sign up through the page; the organizer sets it up in the form (2 rounds of 2 deals, computer
 * players for empty seats), both register on its page and she starts it: the field is filled with six
 * computer entrants. Both sit at their first table from the page's link; after each table the page takes
 * them on to their next one by itself once it is drawn (they never go back to the tournament's page), where
 * each is seated as drawn. They play every card and answer every prompt of the Vorbehalt there by clicking
 * (never an announcement; with the default DDV preset and 2 deals every deal is a forced solo, so a player
 * may have to name one); every step their seats made at the server is one of their clicks (no computer
 * played for them, nobody dropped out). At the end the page shows the tournament finished, the standings rank all 8 exactly as the core's `standings` of the stored results,
 * and the replay link of a browser player's table opens.
 */
import { standings } from '@stich/tournament';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { namesOf } from '../../server/src/tournaments-run.ts';
import { resultsOf } from '../../server/test/tournaments.ts';
import { playTable } from './doppelkopf-helpers.ts';
import { chromiumPath, harness, langContext, signUp, WAIT_MS } from './harness.ts';
import { createTournament, entrants, headStatus } from './tournament-pages.ts';

const ROUNDS = 2;
const DEALS = 2;

describe.skipIf(!chromiumPath)('a duplicate Doppelkopf tournament in the browser', () => {
  // No absent people (the computers are entrants): a long grace, so a slow page never loses its seat.
  const h = harness({ GRACE_SECONDS: '120' });
  const local = () => h.base.replace('127.0.0.1', 'localhost');

  async function player(lang: 'de' | 'en', name: string): Promise<Page> {
    const page = await h.newPage(await langContext(h, lang));
    await signUp(page, local(), name);
    return page;
  }

  /**
   * Each round the player's table, played to its end; clicks and seat by round. He sits at the first from
   * the page's link; at the end of a table the page takes him on to his next one by itself, as soon as the
   * next round is drawn (TournamentNext.tsx): he does not go back to the tournament's page.
   */
  async function playAll(page: Page, id: string): Promise<{ table: string; seat: number; clicks: number }[]> {
    const out: { table: string; seat: number; clicks: number }[] = [];
    await page.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    const mine = page.locator(
      '[data-testid=tournament-rounds] .tournament-round[data-round="0"] li[data-mine=true]',
    );
    await mine.getByTestId('sit').waitFor({ timeout: WAIT_MS });
    expect(await mine.count()).toBe(1);
    await mine.getByTestId('sit').click();
    for (let r = 0; r < ROUNDS; r++) {
      // The next round is drawn once the other table is done too; the finished table's page learns of it by
      // its poll. Its seat is the one of the table screen now shown (checked against the draw at the end).
      const seated = page.locator(
        `main.table-screen[data-seat]:not([data-seat=""])${r > 0 ? `:not([data-table="${out[r - 1].table}"])` : ''}`,
      );
      await seated.waitFor({ timeout: r > 0 ? 150_000 : WAIT_MS });
      const table = (await seated.getAttribute('data-table'))!;
      const seat = Number(await seated.getAttribute('data-seat'));
      out.push({ table, seat, clicks: await playTable(page, DEALS, table) });
    }
    return out;
  }

  it('runs 2 rounds with 2 browser players and 6 computers to the end, standings as the core computes', async () => {
    const t0 = performance.now();
    const [annika, bertram] = await Promise.all([player('de', 'Annika'), player('en', 'Bertram')]);

    // Annika sets it up in the form: duplicate Doppelkopf, 2 rounds of 2 deals, computers for empty seats.
    const id = await createTournament(annika, local(), {
      name: 'Duplicate im Browser',
      format: 'duplicate',
      game: 'doppelkopf',
      rounds: ROUNDS,
      games: DEALS,
    });
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('1 von 16 Spielern');
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('2 of 16 players');
    await expect.poll(() => entrants(annika), { timeout: 15_000 }).toBe('2 von 16 Spielern');
    await annika.getByTestId('start').click();
    await expect.poll(() => headStatus(annika), { timeout: WAIT_MS }).toBe('running');

    const [a, b] = await Promise.all([playAll(annika, id), playAll(bertram, id)]);

    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await expect.poll(() => headStatus(bertram), { timeout: WAIT_MS }).toBe('finished');
    expect(await bertram.getByTestId('tournament-status').innerText()).toBe('finished');

    // Every step of the browser players' seats is one of their clicks: no computer played for them.
    const { db } = context().store;
    for (const [name, played] of [
      ['Annika', a],
      ['Bertram', b],
    ] as const)
      for (const [r, p] of played.entries()) {
        // The table the page took him to is his own of that round, at the seat the draw gave him.
        const drawn = await bertram
          .locator(
            `[data-testid=tournament-rounds] .tournament-round[data-round="${r}"] li[data-table="${p.table}"] ol.seats li`,
          )
          .evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.name));
        expect(drawn.indexOf(name), `${name} in round ${r}`).toBe(p.seat);
        const steps = await db
          .selectFrom('steps')
          .select('seq')
          .where('table_id', '=', p.table)
          .where('kind', '=', 'action')
          .where('seat', '=', p.seat)
          .execute();
        // Twelve cards a deal (48 cards with nines), and the Vorbehalt's answers where asked.
        expect(p.clicks, `${name} at ${p.table}`).toBeGreaterThanOrEqual(12 * DEALS);
        expect(steps.length, `${name} at ${p.table}`).toBe(p.clicks);
      }

    // Two tables of four each round: the two players and six computer entrants, nobody dropped out.
    const rounds = bertram.locator('[data-testid=tournament-rounds] .tournament-round');
    expect(await rounds.count()).toBe(ROUNDS);
    for (let r = 0; r < ROUNDS; r++) {
      const round = bertram.locator(
        `[data-testid=tournament-rounds] .tournament-round[data-round="${r}"][data-status=done]`,
      );
      const seats = round.locator('ol.seats li');
      const tagged = await seats.evaluateAll((l) =>
        l.map((x) => `${(x as HTMLElement).dataset.bot}/${(x as HTMLElement).dataset.dropped}`),
      );
      expect(tagged.sort()).toEqual([...Array(2).fill('false/false'), ...Array(6).fill('true/false')]);
      const done = round.locator('li[data-table]');
      expect(await done.evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.status))).toEqual([
        'done',
        'done',
      ]);
    }

    // The standings on the page: all 8 ranked, and exactly the core's of the stored results.
    const row = await db
      .selectFrom('tournaments')
      .select('players')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const field = JSON.parse(row.players) as string[];
    expect(field).toHaveLength(8);
    const results = await resultsOf(db, id);
    expect(results.map((x) => [x.round, x.table, x.games.length])).toEqual([
      [0, 0, DEALS],
      [0, 1, DEALS],
      [1, 0, DEALS],
      [1, 1, DEALS],
    ]);
    const names = await namesOf(field);
    const expected = standings('duplicate', 'doppelkopf', field, results).map((s) =>
      [s.rank, names.get(s.player), s.total, ...s.tie, s.games].map(String),
    );
    expect(expected).toHaveLength(8);
    const shown = await bertram
      .locator('[data-testid=tournament-standings] tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    expect(shown).toEqual(expected);
    expect(shown.map((s) => s[1]).sort()).toEqual([
      'Annika',
      'Bertram',
      ...Array.from({ length: 6 }, (_, i) => `Computer ${i + 1}`),
    ]);
    expect(shown.map((s) => Number(s[0])).every((n) => n >= 1 && n <= 8)).toBe(true);

    // Bertram's last table opens as a replay from its link.
    const last = b[b.length - 1].table;
    await bertram.locator(`li[data-table="${last}"]`).getByTestId('replay').click();
    await bertram.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    h.figures.tournamentMs = Math.round(performance.now() - t0);
    console.log('duplicate tournament in the browser:', h.figures);
  }, 300_000);
});
