/**
 * A Doppelkopf deal alone with computers on a 390 x 844 phone (issue 21): the computers' pace set at the
 * table (the server waits a minute per move until the player asks for none), a taken trick that goes while
 * the next one waits on the player, every trick of the deal on demand, the cards' captions not covered,
 * and the end of the deal within the screen, saying what each party needed and waiting for "Weiter".
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findDeal, openTable } from './doppelkopf-helpers.ts';
import { chromiumPath, harness, shots } from './harness.ts';

const ddv = { players: 4 as const, preset: 'ddv' as const };
const PHONE = { width: 390, height: 844 };

/** Captions of the cards in the open trick that another card covers (at a quarter, half or three quarters). */
const coveredCaptions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.trick > .played .played-by')]
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return [0.25, 0.5, 0.75].some((f) => {
          const hit = document.elementFromPoint(r.left + r.width * f, r.top + r.height / 2);
          return !hit || !c.contains(hit);
        });
      })
      .map((c) => c.textContent),
  );

/** The page is no wider than the screen, and the element lies within it. */
async function withinScreen(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'document width').toBeLessThanOrEqual(PHONE.width);
  expect(box, selector).not.toBeNull();
  expect(box!.x, `${selector} left`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${selector} right`).toBeLessThanOrEqual(PHONE.width + 0.5);
}

/** Tricks taken so far, from the seats' "Stiche: N" (the viewer's own included). */
const tricksShown = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.opp-info span, [data-testid=own-tricks]')]
      .map((e) => /Stiche: (\d+)/.exec(e.textContent ?? '')?.[1])
      .filter((x) => x !== undefined)
      .reduce((a, x) => a + Number(x), 0),
  );

describe.skipIf(!chromiumPath)('a Doppelkopf deal on a phone (issue 21)', () => {
  // Computers wait a minute per move unless the player sets their pace.
  const h = harness({ BOT_DELAY_MS: '60000' });

  it('pace, taken trick, all tricks, captions, the end of the deal on the screen with what each party needed', async () => {
    // Dealer 0: a computer (seat 1) is asked first, so nothing moves until the pace is set.
    const steps = findDeal(ddv, 0, [], (view) => view(1).toAct[0] === 1);
    const [page] = await openTable(h, ddv, 0, steps, [0], PHONE);
    await page.getByTestId('speed').click();
    const panel = page.getByTestId('speed-panel');
    await panel.waitFor();
    // Alone with computers: the deal's end waits for "Weiter" unless the player says otherwise.
    expect(await page.getByTestId('speed-wait').isChecked()).toBe(true);
    await withinScreen(page, '[data-testid=speed-panel]');
    if (shots) await page.screenshot({ path: join(shots, 'speed-phone.png') });
    await page.getByTestId('speed-bots').selectOption('0');
    await page.getByRole('button', { name: 'Schließen' }).last().click();
    // The computer asked first answers now, and the Vorbehalt round comes to the player.
    // The computer asked first answers now, and the game comes to the player (a Vorbehalt or a card).
    const mine = page.locator('button.action[data-tag=healthy], .hand button.card[data-legal=true]').first();
    await mine.waitFor({ timeout: 20_000 });
    const id = /#\/t\/([^?]+)/.exec(page.url())![1];
    expect(await page.evaluate((k) => localStorage.getItem(k), `stich.speed.${id}`)).toContain(
      '"botDelayMs":0',
    );
    if ((await page.locator('button.action[data-tag=healthy]').count()) > 0)
      await page.locator('button.action[data-tag=healthy]').click();

    let takenChecked = 0;
    let tricksChecked = false;
    const covered: string[] = [];
    for (let i = 0; i < 3000; i++) {
      if ((await page.getByTestId('deal-end').count()) > 0) break;
      const s = await page.evaluate(() => ({
        legal: [...document.querySelectorAll<HTMLElement>('.hand button.card[data-legal=true]')].map(
          (b) => b.dataset.card ?? '',
        ),
        open: document.querySelectorAll('.trick > .played').length,
        buttons: [...document.querySelectorAll<HTMLElement>('.actions button.action')].map(
          (b) => b.dataset.tag,
        ),
      }));
      if (s.legal.length === 0) {
        await page.waitForTimeout(25);
        continue;
      }
      // Nothing but the player's own announcements is offered: no "Jetzt nichts ansagen".
      expect(s.buttons).not.toContain('quiet');
      const tricks = await tricksShown(page);
      if (tricks > 0 && s.open > 0) {
        // The last trick was taken and others have played since: its "… nimmt den Stich" goes while
        // the next trick waits on the player (it stayed under the whole trick before).
        await page.getByTestId('taken').waitFor({ state: 'detached', timeout: 15_000 });
        takenChecked++;
        covered.push(...((await coveredCaptions(page)) as string[]));
        if (s.open === 3 && shots) await page.screenshot({ path: join(shots, 'doppelkopf-trick-phone.png') });
      }
      if (tricks >= 2 && !tricksChecked) {
        await page.getByTestId('show-tricks').click();
        const list = page.getByTestId('tricks');
        await list.waitFor();
        expect(await list.locator('li[data-trick]').count()).toBe(tricks);
        expect(await list.locator('li[data-trick] figure[data-card]').count()).toBe(4 * tricks);
        await withinScreen(page, '[data-testid=tricks]');
        if (shots) await page.screenshot({ path: join(shots, 'doppelkopf-tricks-phone.png') });
        await list.getByRole('button', { name: 'Schließen' }).click();
        tricksChecked = true;
      }
      const seq = await page.locator('main.table-screen').getAttribute('data-seq');
      await page
        .locator(`.hand button.card[data-card=${s.legal[0]}][data-legal=true]`)
        .first()
        // On a phone the cards overlap: the left strip of a card is its own.
        .click({ timeout: 15_000, position: { x: 6, y: 30 } })
        .catch(async (e: Error) => {
          await page.screenshot({ path: '/tmp/t/fail.png' });
          throw e;
        });
      await page.waitForFunction(
        (x) => document.querySelector('main.table-screen')?.getAttribute('data-seq') !== x,
        seq,
        { timeout: 15_000 },
      );
    }
    expect(takenChecked).toBeGreaterThan(0);
    expect(tricksChecked).toBe(true);
    expect(covered, 'captions covered by a card').toEqual([]);

    const end = page.getByTestId('deal-end');
    await end.waitFor();
    await withinScreen(page, '[data-testid=deal-end]');
    // Every column of the breakdown is inside the panel (none cut off).
    const cut = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid=deal-end]')!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid=deal-end] :is(td, th)')]
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.width > 0 && (r.right > panel.right + 0.5 || r.left < panel.left - 0.5)).length;
    });
    expect(cut).toBe(0);
    const needs = await end.getByTestId('doko-needs').textContent();
    expect(needs).toMatch(/^Re brauchte (\d+ Augen?|einen Stich|alle Stiche) · Kontra brauchte /);
    // Alone with computers: no countdown, it waits for "Weiter".
    expect(await page.getByTestId('deal-end-continue').textContent()).toBe('Weiter');
    await page.getByTestId('doko-progress').waitFor();
    expect(await page.getByTestId('doko-progress').textContent()).toMatch(/^Spiel [12] von 24$/);
    expect(await page.getByTestId('doko-pflicht').textContent()).toMatch(/^Pflichtsolo offen: /);
    if (shots) await page.screenshot({ path: join(shots, 'doppelkopf-deal-end-phone.png'), fullPage: true });
    // A long deal's end panel can cover the top bar on a phone; what is checked here is its English text.
    await page.locator('button.lang').dispatchEvent('click');
    expect(await end.getByTestId('doko-needs').textContent()).toMatch(/^Re needed .* · Kontra needed /);
    await withinScreen(page, '[data-testid=deal-end]');
    if (shots)
      await page.screenshot({ path: join(shots, 'doppelkopf-deal-end-phone-en.png'), fullPage: true });
    await page.getByTestId('deal-end-continue').click();
    await end.waitFor({ state: 'detached' });
    await page.context().close();
  }, 400_000);
});
