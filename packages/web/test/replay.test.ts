/**
 * The replay screen in Chromium against the real server (setup in harness.ts): a finished table's replay is
 * its record, stepped through in the browser; a private table's replay link (with its invite code) opens in
 * any browser; someone who did not play is nobody's "Du"; the first step says the cards come next, not that
 * the table waits for players (issues 21 and 22).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { randomRecord, storeFinished } from '../../server/test/records.ts';
import { chromiumPath, harness, WAIT_MS } from './harness.ts';

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
});
