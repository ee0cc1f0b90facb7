/**
 * Deal analysis in the replay, in Chromium against the real server (setup in harness.ts): a finished
 * match of rule players is stored, its replay opened, the analysis shown with each player's losses, and a
 * largest mistake jumps the replay to that move, which shows the points it lost and the better card.
 */

import { join } from 'node:path';
import { decide, requestFor } from '@stich/bots';
import { gameById, seeded } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import type { StoredStep } from '../../server/src/store.ts';
import { axe, chromiumPath, harness, openAs, shots, storeTable, WAIT_MS } from './harness.ts';

/** A whole Klaberjass match (to 100) of rule players, as the server stores it: explicit deals, every action. */
function finishedMatch(
  config: { players: number; options: Record<string, unknown> },
  stop: (state: unknown) => boolean = () => false,
): StoredStep[] {
  const g = gameById('klaberjass')!;
  const parsed = g.parseConfig(config);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  let state = g.start(parsed.value, 0);
  const steps: StoredStep[] = [];
  while (!g.isOver(state) && !stop(state)) {
    const seq = steps.length;
    if (g.awaitsDeal(state)) {
      const deal = g.randomDeal(state, seeded(`analysis-web/${seq}`));
      steps.push({ seq, kind: 'deal', seat: null, data: deal });
      state = (g.applyDeal(state, deal) as { ok: true; value: unknown }).value;
      continue;
    }
    const seat = g.toAct(state)[0];
    const action = decide(requestFor('klaberjass', state, seat, 'rule', `analysis-web/${seq}`));
    steps.push({ seq, kind: 'action', seat, data: action });
    state = (g.apply(state, seat, action) as { ok: true; value: unknown }).value;
  }
  return steps;
}

describe.skipIf(!chromiumPath)('deal analysis in the replay, in Chromium', () => {
  const h = harness();

  it('opens the analysis of a finished match, with each player’s losses and a jump to a largest mistake', async () => {
    const config = { players: 2, options: { target: 100 } };
    const steps = finishedMatch(config);
    const { table } = await storeTable('klaberjass', config, 0, steps, [{ seat: 0, name: 'Anna' }], 'rule');
    await context().store.setStatus(table, 'over');

    const page = await h.newPage();
    await page.goto(`${h.base}/#/replay/${table}`);
    await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('analysis-open').click();
    const match = page.getByTestId('analysis-match');
    await match.waitFor({ timeout: 30_000 });
    // Deals are analysed on request (the harness' server analyses nothing by itself); wait until all are in.
    await page.getByTestId('analysis-pending').waitFor({ state: 'detached', timeout: 60_000 });
    expect(await match.locator('tbody tr').count()).toBe(2);
    expect(await match.locator('tbody tr[data-seat="0"] th').textContent()).toBe('Anna');
    expect(await page.getByTestId('analysis').textContent()).toContain('Nach Wissen');

    // A largest mistake of either player jumps the replay to its move, which shows what it lost.
    const jump = match.locator('.analysis-jump').first();
    expect(await jump.count()).toBe(1);
    const before = await page.getByTestId('replay-step').textContent();
    await jump.click();
    expect(await page.getByTestId('replay-step').textContent()).not.toBe(before);
    const move = page.getByTestId('analysis-move');
    const losses = await Promise.all(
      ['analysis-view', 'analysis-dd'].map(async (id) =>
        Number(await move.getByTestId(id).getAttribute('data-loss')),
      ),
    );
    expect(Math.max(...losses)).toBeGreaterThan(0);
    expect(await move.textContent()).toMatch(/besser: /);
    expect(await axe(page)).toEqual([]);
    await page.getByTestId('analysis').screenshot({ path: join(shots, 'analysis-desktop.png') });
    await page.context().close();
  });

  it('says which deal could not be analysed, and waits no longer for it', async () => {
    const config = { players: 2, options: { target: 100 } };
    const { table } = await storeTable(
      'klaberjass',
      config,
      0,
      finishedMatch(config),
      [{ seat: 0, name: 'Anna' }],
      'rule',
    );
    await context().store.setStatus(table, 'over');
    // The first deal's analysis failed (as the server stores a failure: docs/analysis.md).
    await context()
      .store.db.insertInto('analyses')
      .values({
        table_id: table,
        deal: 0,
        data: JSON.stringify({ deal: 0, failed: 'deal 0: unknown field fair' }),
        created_at: new Date().toISOString(),
      })
      .execute();
    const page = await h.newPage();
    await page.goto(`${h.base}/#/replay/${table}`);
    await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('analysis-open').click();
    const failed = page.getByTestId('analysis-failed');
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.textContent()).toBe('Nicht analysierbar: Spiel 1 (deal 0: unknown field fair).');
    // The other deal is analysed; nothing is left pending.
    await page.getByTestId('analysis-pending').waitFor({ state: 'detached', timeout: 60_000 });
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });

  it('shows the Tipp of the search player for the person’s card, and tells the table that hints were used', async () => {
    const config = { players: 2, options: { target: 100 } };
    const g = gameById('klaberjass')!;
    // Rule players until seat 0 has a choice of cards; there the person takes over.
    const steps = finishedMatch(
      config,
      (s) =>
        g.toAct(s)[0] === 0 && g.legalActions(s, 0).filter((a: { t: string }) => a.t === 'play').length >= 2,
    );
    const { table, people } = await storeTable('klaberjass', config, 0, steps, [{ seat: 0, name: 'Anna' }]);
    const page = await h.newPage();
    await openAs(h, page, table, people[0]);
    const button = page.getByTestId('hint');
    await button.waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('hints-used').count()).toBe(0);
    await button.click();
    const box = page.getByTestId('hint-box');
    await box.waitFor({ timeout: 30_000 });
    expect(await box.textContent()).toMatch(/Vorschlag: /);
    const options = box.locator('li');
    expect(await options.count()).toBeGreaterThanOrEqual(2);
    // Best first: the first card is the suggestion, the others lose something or tie.
    const values = (await options.evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute('data-value'))),
    )) as number[];
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // The table now shows that hints were used.
    await page.getByTestId('hints-used').waitFor({ timeout: 10_000 });
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'hint-desktop.png'), fullPage: true });
    await page.context().close();
  });

  it('offers hints in the create dialog, on for one person against computer players, and keeps the choice', async () => {
    const page = await h.newPage();
    await page.goto(h.base);
    await page.getByTestId('quick-choice').waitFor();
    await page.getByLabel(/Dein Name/).fill('Berta');
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('klaberjass');
    const box = page.locator('input[name=hints]');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await page.getByTestId('create-submit').click();
    await page.waitForURL(/#\/t\//);
    const id = /#\/t\/([^?]+)/.exec(page.url())![1];
    const info = await page.evaluate(async (tid) => {
      const r = await fetch(`/api/tables/${tid}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('stich.token')}` },
      });
      return (await r.json()) as { table: { hints?: { allowed: boolean } } };
    }, id);
    expect(info.table.hints?.allowed).toBe(false);
    await page.context().close();
  });
});
