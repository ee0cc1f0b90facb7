/**
 * The replay screen in Chromium against the real server (setup in harness.ts): a finished table's replay is
 * its record, stepped through in the browser, and a downloaded record file opens the same way; a private table's replay link (with its invite code) opens in
 * any browser; someone who did not play is nobody's "Du"; the first step says the cards come next, not that
 * the table waits for players; the end of a deal waits for "Weiter" (issues 21 and 22).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaySession } from '@stich/protocol/replay';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { randomRecord, storeFinished } from '../../server/test/records.ts';
import { DEAL_END_MS } from '../src/table/hooks.ts';
import { attr, chromiumPath, harness, playUntil, shots, WAIT_MS } from './harness.ts';

/** A whole two-player Klaberjass match of a few deals, by random play. */
const match = () => randomRecord('klaberjass', { players: 2, options: { target: 300 } }, (i) => `web-${i}`);

describe.skipIf(!chromiumPath)('the replay screen, in Chromium', () => {
  const h = harness();

  /** A page of a browser that holds `token` as its guest (none: a browser that never played here). */
  async function browser(token?: string): Promise<Page> {
    const page = await h.newPage();
    if (token) {
      await page.goto('about:blank');
      await page.addInitScript((t) => localStorage.setItem('stich.token', t), token);
    }
    return page;
  }

  const text = async (page: Page) => (await page.locator('main').textContent()) ?? '';

  /** The lobby in a new browser, with `name` as the player's name. */
  const lobby = async (name?: string): Promise<Page> => {
    const page = await h.newPage();
    await page.goto(h.base);
    await page.getByTestId('quick-choice').waitFor();
    if (name) await page.getByLabel(/Dein Name/).fill(name);
    return page;
  };

  it('the first step of a replay says the cards come next, not that the table waits for players', async () => {
    const { id } = await storeFinished(match());
    const page = await browser();
    await page.goto(`${h.base}/#/replay/${id}`);
    await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    const status = page.locator('.table .status');
    expect(await status.textContent()).not.toContain('Warte auf Mitspieler');
    expect(await status.textContent()).toContain('Gleich wird gegeben');
    await page.context().close();
  }, 120_000);

  it('replays a finished public match for someone who did not play with names, never "Du"', async () => {
    const { id } = await storeFinished(match());
    const page = await browser();
    await page.goto(`${h.base}/#/replay/${id}`);
    await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    // Every step looked at and the sheet name the players: nobody here is "Du".
    for (const go of ['replay-next', 'replay-next', 'replay-last'] as const) {
      await page.getByTestId(go).click();
      expect(await text(page)).not.toMatch(/\bDu\b/);
    }
    expect(await text(page)).toContain('Spieler 1');
    await page.context().close();
  }, 120_000);

  it('offers a private match replay link that opens in another browser; the player who played is "Du" there', async () => {
    const { id, invite, tokens } = await storeFinished(match(), 'private');
    const player = await browser(tokens[0]);
    await player.goto(`${h.base}/#/replay/${id}`);
    await player.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    const link = await player.getByTestId('replay-link').inputValue();
    expect(link).toBe(`${h.base}/#/replay/${id}?code=${invite}`);
    await player.getByTestId('replay-last').click();
    expect(await text(player)).toMatch(/\bDu\b/);
    await player.context().close();

    // Without the link's code a stranger is refused; with it he sees the replay.
    const stranger = await browser();
    await stranger.goto(`${h.base}/#/replay/${id}`);
    await stranger.getByRole('alert').waitFor({ timeout: WAIT_MS });
    await stranger.goto(link);
    await stranger.reload();
    await stranger.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    await stranger.getByTestId('replay-last').click();
    expect(await text(stranger)).not.toMatch(/\bDu\b/);
    expect(await text(stranger)).toContain('Spieler 1');
    await stranger.context().close();
  }, 120_000);

  it('at the end of a deal in a replay the result shows no countdown and stays past DEAL_END_MS until "Weiter"', async () => {
    const record = match();
    const { id } = await storeFinished(record);
    // The first step whose view has a scored deal: the step that ends the first deal.
    const session = replaySession(record);
    if (!session.ok) throw new Error(session.reason);
    let end = 0;
    while ((session.value.step(end).view as { results: readonly unknown[] }).results.length === 0) end++;
    const page = await browser();
    await page.goto(`${h.base}/#/replay/${id}`);
    await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    for (let i = 0; i < end - 1; i++) await page.keyboard.press('ArrowRight');
    const step = page.getByTestId('replay-step');
    expect(await step.textContent()).toBe(`Schritt ${end} von ${session.value.length}`);
    const result = page.getByTestId('deal-end');
    expect(await result.count()).toBe(0);
    await page.getByTestId('replay-next').click();
    await result.waitFor();
    expect(await result.getAttribute('data-deal')).toBe('1');
    // Nobody is waited for in a replay, so nothing counts down: "Weiter" alone.
    expect(await page.getByTestId('deal-end-continue').textContent()).toBe('Weiter');
    await page.waitForTimeout(DEAL_END_MS + 2000);
    expect(await result.count(), `the result closed by itself within ${DEAL_END_MS + 2000} ms`).toBe(1);
    expect(await page.getByTestId('deal-end-continue').textContent()).toBe('Weiter');
    await page.getByTestId('deal-end-continue').click();
    await result.waitFor({ state: 'detached', timeout: 5000 });
    expect(await step.textContent()).toBe(`Schritt ${end + 1} von ${session.value.length}`);
    await page.context().close();
  }, 120_000);

  it('replays a finished match in another browser with names and every hand open, and a downloaded record file', async () => {
    const page = await lobby('Anna');
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('klaberjass');
    await page.locator('details summary').click();
    await page.locator('.opt', { hasText: 'Partie bis' }).locator('input').fill('1');
    await page.locator('.seat-row[data-seat="1"] select').nth(1).selectOption('random');
    await page.locator('input[name=private]').uncheck();
    await page.getByTestId('create-submit').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    const id = /#\/t\/([^?]+)/.exec(page.url())![1];
    await playUntil(page, async () => (await attr(page, 'data-over')) === 'true');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download').click(),
    ]);
    const file = join(h.tmp, 'klaberjass.json');
    await download.saveAs(file);
    const record = JSON.parse(readFileSync(file, 'utf8')) as { deals: unknown[]; actions: unknown[] };
    const steps = 1 + record.deals.length + record.actions.length;

    // Another browser (a different guest) opens the replay link of the public table.
    const other = await h.newPage();
    await other.goto(`${h.base}/#/replay/${id}`);
    await other.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    const stepText = () => other.getByTestId('replay-step').textContent();
    expect(await stepText()).toBe(`Schritt 1 von ${steps}`);
    // Names, not "#1": Anna and the computer player.
    const names = await other.locator('.opp .opp-name').allTextContents();
    expect(names.join(' ')).toMatch(/Computer/);
    expect(names.join(' ')).not.toMatch(/#\d/);
    // Step into the deal: every hand lies open.
    for (let i = 0; i < 3; i++) await other.getByTestId('replay-next').click();
    expect(await stepText()).toBe(`Schritt 4 von ${steps}`);
    const hands = other.getByTestId('replay-hands');
    await hands.waitFor();
    const rows = hands.locator('.replay-hand');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('Anna');
    for (const r of [0, 1]) expect(await rows.nth(r).locator('[data-card]').count()).toBeGreaterThan(0);
    await other.getByTestId('replay-prev').click();
    expect(await stepText()).toBe(`Schritt 3 von ${steps}`);
    await other.getByTestId('replay-last').click();
    expect(await stepText()).toBe(`Schritt ${steps} von ${steps}`);
    await other.getByTestId('replay-first').click();
    expect(await stepText()).toBe(`Schritt 1 von ${steps}`);
    await other.keyboard.press('ArrowRight');
    expect(await stepText()).toBe(`Schritt 2 von ${steps}`);
    // The controls are drawn symbols with labels, not font glyphs that may be missing.
    const bar = other.getByTestId('replay-bar');
    expect(await bar.locator('button svg').count()).toBe(4);
    expect((await bar.textContent()) ?? '').not.toMatch(/[⏮⏭]/u);
    // The screenshot: the last deal in the middle of its play.
    await other.getByTestId('replay-last').click();
    for (let i = 0; i < 7; i++) await other.getByTestId('replay-prev').click();
    const weiter = other.locator('.felt button', { hasText: 'Weiter' });
    if ((await weiter.count()) > 0) await weiter.first().click();
    await other.screenshot({ path: join(shots, 'replay-desktop.png'), fullPage: true });
    await other.context().close();

    // "Nachspielen" in the lobby opens the downloaded file (in a third browser, no table involved).
    const third = await lobby();
    await third.getByTestId('open-replay').click();
    await third.getByTestId('replay-file').setInputFiles(file);
    await third.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    expect(await third.getByTestId('replay-step').textContent()).toBe(`Schritt 1 von ${steps}`);
    await third.getByTestId('replay-last').click();
    expect(await third.getByTestId('replay-step').textContent()).toBe(`Schritt ${steps} von ${steps}`);
    // A file that is not a record is refused with a readable reason.
    const bad = join(h.tmp, 'bad.json');
    writeFileSync(bad, '{"format":"stich-record","version":1}');
    await third.getByTestId('replay-file').setInputFiles(bad);
    await third.getByRole('alert').waitFor();
    await third.context().close();
    await page.context().close();
  }, 180_000);
});
