/**
 * The profile and the leaderboard drawn from answers of the statistics API (test/profile-fixture.ts, served
 * in place of the server's), in German and English, on a desktop and a phone: the numbers, the counts'
 * labels (an unknown key as it is), the "?" of a provisional rating, the pictures (uPlot canvases, fetched
 * as their own chunk) with their text alternatives, axe, and the content security policy.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe, chromiumPath, harness, shots } from './harness.ts';
import { BOARD, PROFILE } from './profile-fixture.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(!chromiumPath)('profile and leaderboard', () => {
  const h = harness();

  async function open(lang: 'de' | 'en', size: { width: number; height: number }, hash: string) {
    const ctx = await h.browser.newContext({ viewport: size, reducedMotion: 'reduce' });
    await ctx.addInitScript((l) => localStorage.setItem('stich.lang', l), lang);
    const page = await h.newPage(ctx);
    const js: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (p.endsWith('.js')) js.push(p);
    });
    await page.route(/\/api\/players\/[^/?]+$/, (r) => {
      const name = decodeURIComponent(new URL(r.request().url()).pathname.split('/').pop() ?? '');
      // As the server answers: a name that cannot be an account's is malformed, another one not found.
      if (name === 'Clara') return r.fulfill({ json: PROFILE });
      if (name.length < 3)
        return r.fulfill({ status: 400, json: { code: 'malformed', reason: 'name: too short' } });
      return r.fulfill({ status: 404, json: { code: 'not-found', reason: `no player ${name}` } });
    });
    await page.route(/\/api\/leaderboard\//, (r) => r.fulfill({ json: BOARD }));
    await page.goto(`${h.base}/${hash}`);
    return { page, js };
  }

  const rowText = (page: Page, sel: string) => page.locator(sel).first().innerText();

  it('shows the statistics, ratings, counts and pictures of a profile in German and English', async () => {
    for (const lang of ['de', 'en'] as const) {
      const { page, js } = await open(lang, DESKTOP, '#/player/Clara');
      await page.getByTestId('profile-name').waitFor();
      expect(await page.getByTestId('profile-name').innerText()).toBe('Clara');
      const doko = page.locator('section.game-stats[data-game=doppelkopf]');
      const kj = page.locator('section.game-stats[data-game=klapperjas]');
      // Names of the game and preset come from the server's game descriptions.
      expect(await doko.locator('h2').innerText()).toBe(
        lang === 'de' ? 'Doppelkopf · Hausregeln (004)' : 'Doppelkopf · House rules (004)',
      );
      // The settled rating without "?", the provisional one with it (and said in words for screen readers).
      const dokoRating = await doko.getByTestId('rating').innerText();
      expect(dokoRating).toContain(lang === 'de' ? '1.850' : '1,850');
      expect(dokoRating).not.toContain('?');
      const kjRating = await kj.getByTestId('rating').innerText();
      expect(kjRating).toMatch(/1[.,]301\?/);
      expect(kjRating).toContain(lang === 'de' ? '4 gewertete Partien' : '4 rated matches');
      // Points per deal 264 / 792 = 0.3, share of card points 50.1 %.
      const facts = await doko.locator('dl.facts').innerText();
      expect(facts).toContain(lang === 'de' ? '0,3' : '0.3');
      expect(facts).toContain(lang === 'de' ? '50,1 %' : '50.1 %');
      expect(await doko.getByTestId('hints').innerText()).toBe('12');
      // Against the computer, by level.
      expect(await rowText(page, '[data-game=doppelkopf] tr[data-level=search]')).toMatch(
        lang === 'de' ? /Stark \(Suche\)\s+13\s+3/ : /Strong \(search\)\s+13\s+3/,
      );
      // The counts by the engine's keys: labelled, and an unknown key as it is.
      await doko.locator('details.counts summary').click();
      expect(await rowText(page, '[data-game=doppelkopf] tr[data-count="solo.queens.won"]')).toMatch(
        lang === 'de' ? /Damen-Solo gewonnen\s+5/ : /Damen-Solo won\s+5/,
      );
      expect(await rowText(page, '[data-game=doppelkopf] tr[data-count="fox.caught"]')).toMatch(
        lang === 'de' ? /Fuchs gefangen\s+61/ : /Fuchs caught\s+61/,
      );
      expect(await rowText(page, '[data-game=doppelkopf] tr[data-count="future.thing"]')).toMatch(
        /future\.thing\s+3/,
      );
      // The pictures: drawn by uPlot into canvases, each an image with a summary, the numbers as tables.
      await expect.poll(() => page.locator('[data-testid=chart-rating] canvas').count()).toBe(2);
      expect(await page.locator('[data-testid=chart-histogram] canvas').count()).toBe(2);
      expect(await page.locator('[data-testid=chart-recent] canvas').count()).toBe(1);
      expect(js.some((p) => /\/charts-/.test(p))).toBe(true);
      const summary = await doko.locator('figure').first().locator('figcaption').innerText();
      expect(summary).toContain(lang === 'de' ? 'nach 33 gewerteten Partien' : 'after 33 rated matches');
      const hist = await doko.locator('figure').nth(1).locator('figcaption').innerText();
      expect(hist).toContain(
        lang === 'de' ? 'am häufigsten 2 Punkte (160-mal)' : 'most often 2 points (160 times)',
      );
      // The drawn histogram is not blank: some pixels carry the bars' colour.
      const inked = await doko
        .locator('[data-testid=chart-histogram] canvas')
        .evaluate((c: HTMLCanvasElement) => {
          const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && d[i + 1] > d[i] + 30) n++;
          return n;
        });
      expect(inked).toBeGreaterThan(500);
      // The last 50 matches, newest first.
      const recent = page.getByTestId('recent');
      expect(await recent.locator('tbody tr').count()).toBe(50);
      expect(await recent.locator('tbody tr').first().getAttribute('data-table')).toBe('t050');
      // Another player's profile offers no replays: a match may be private.
      expect(await recent.locator('tbody tr a').count()).toBe(0);
      expect(await axe(page)).toEqual([]);
      await page.context().close();
    }
    expect(h.cspViolations).toEqual([]);
  }, 120_000);

  it('fits a phone, passes axe there, and says when a player does not exist', async () => {
    for (const lang of ['de', 'en'] as const) {
      const { page } = await open(lang, PHONE, '#/player/Clara');
      await page.locator('[data-testid=chart-recent] canvas').waitFor();
      // Nothing wider than the screen: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      const canvas = await page.locator('[data-testid=chart-rating] canvas').first().boundingBox();
      expect(canvas!.width).toBeLessThanOrEqual(PHONE.width);
      expect(canvas!.width).toBeGreaterThan(250);
      if (lang === 'de') await page.screenshot({ path: join(shots, 'profile-phone.png'), fullPage: true });
      for (const d of await page.locator('details').all()) await d.locator('summary').click();
      expect(await axe(page)).toEqual([]);
      await page.goto(`${h.base}/#/player/Niemand`);
      await page.locator('.error').waitFor();
      expect(await page.locator('.error').innerText()).toBe(
        lang === 'de' ? 'Einen Spieler „Niemand“ gibt es nicht.' : 'There is no player “Niemand”.',
      );
      await page.goto(`${h.base}/#/player/x`);
      await expect
        .poll(() => page.locator('.error').innerText())
        .toBe(lang === 'de' ? 'Einen Spieler „x“ gibt es nicht.' : 'There is no player “x”.');
      await page.context().close();
    }
  }, 120_000);

  it('shows a leaderboard with computer players, provisional marks and the way to each profile', async () => {
    for (const [lang, size] of [
      ['de', PHONE],
      ['en', DESKTOP],
    ] as const) {
      const { page } = await open(lang, size, '#/');
      // The lobby links to the leaderboard of the game and preset chosen for the quick game.
      await page.getByTestId('leaderboard-link').click();
      await page.getByTestId('board').waitFor();
      expect(page.url()).toMatch(/#\/leaderboard\/[a-z]+\?preset=/);
      const rows = page.locator('[data-testid=board] tbody tr');
      expect(await rows.count()).toBe(3);
      expect(await rows.nth(0).innerText()).toMatch(
        lang === 'de' ? /Computer · Stark \(Suche\)/ : /Computer · Strong \(search\)/,
      );
      expect(await rows.nth(1).locator('[data-testid=board-rating]').innerText()).toBe(
        lang === 'de' ? '1.850' : '1,850',
      );
      expect(await rows.nth(2).locator('[data-testid=board-rating]').innerText()).toMatch(/^1[.,]210\?/);
      expect(await page.locator('.card-box').innerText()).toContain(
        lang === 'de' ? 'weniger als 10 gewertete Partien' : 'fewer than 10 rated matches',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      expect(await axe(page)).toEqual([]);
      if (lang === 'de')
        await page.screenshot({ path: join(shots, 'leaderboard-phone.png'), fullPage: true });
      // Choosing another game asks for its board; a name leads to the profile.
      const asked = page.waitForRequest(/\/api\/leaderboard\/klaberjass/);
      await page.locator('select[name=game]').selectOption('klaberjass');
      await asked;
      await rows.nth(1).locator('a').click();
      await page.getByTestId('profile-name').waitFor();
      expect(page.url()).toMatch(/#\/player\/Clara$/);
      await page.context().close();
    }
  }, 120_000);
});
