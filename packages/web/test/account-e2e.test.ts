/**
 * Issue 25 "Done when", as a player meets it against the real server: a guest plays a match, claims an
 * account (keeping that match), adds a passkey (Chromium's virtual authenticator), plays on, signs out and in
 * again with the passkey, and then, in a second browser with the password, finds his matches, statistics,
 * pictures and rating on his profile and himself on the leaderboard. Matches are Klaberjass to 1 point (one
 * deal) against the rule-based computer, played by clicking like a player (harness `playUntil`).
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attr, axe, chromiumPath, harness, playUntil, shots, WAIT_MS } from './harness.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(!chromiumPath)('a player with an account, end to end', () => {
  const h = harness();
  const local = () => h.base.replace('127.0.0.1', 'localhost');

  async function context(
    lang: 'de' | 'en',
    size: { width: number; height: number },
  ): Promise<BrowserContext> {
    const ctx = await h.browser.newContext({ viewport: size, reducedMotion: 'reduce' });
    await ctx.addInitScript((l) => localStorage.setItem('stich.lang', l), lang);
    return ctx;
  }

  /** One match of Klaberjass to 1 point against the computer, played to its end in this page. */
  async function playMatch(page: Page): Promise<string> {
    await page.goto(`${local()}/#/`);
    await page.getByTestId('quick').waitFor();
    const id = await page.evaluate(async () => {
      // The guest is made by the lobby on first need; here the match is asked for as the lobby would.
      let token = localStorage.getItem('stich.token');
      if (!token) {
        const g = await fetch('/api/guests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Gast' }),
        });
        token = ((await g.json()) as { token: string }).token;
        localStorage.setItem('stich.token', token);
      }
      const r = await fetch('/api/play-now', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          game: 'klaberjass',
          preset: 'hoyle',
          level: 'rule',
          players: 2,
          options: { target: 1 },
        }),
      });
      return ((await r.json()) as { table: { id: string } }).table.id;
    });
    await page.goto(`${local()}/#/t/${id}?seat=0`);
    await page.locator('main.table-screen').waitFor({ timeout: WAIT_MS });
    await playUntil(page, async () => (await attr(page, 'data-over')) === 'true');
    return id;
  }

  async function authenticator(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
  }

  it('claims, signs in by passkey and by password, and sees matches, statistics, pictures and rating', async () => {
    const phone = await context('de', PHONE);
    const page = await h.newPage(phone);
    await authenticator(page);
    const tables = [await playMatch(page)];

    // The guest claims a name, keeps his match, and adds a passkey.
    await page.goto(`${local()}/#/`);
    await page.getByTestId('account-bar').getByRole('link', { name: 'Konto anlegen' }).click();
    await page.locator('input[name=name]').fill('Lili Boulanger');
    await page.locator('input[name=password]').fill('notenblatt-1893');
    await page.locator('input[name=again]').fill('notenblatt-1893');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('offer-passkey').click();
    await expect.poll(() => page.locator('[role=status]').innerText()).toBe('Passkey hinzugefügt.');
    tables.push(await playMatch(page), await playMatch(page));

    // Signed out and in again with the passkey.
    await page.goto(`${local()}/#/settings`);
    await page.getByTestId('signout').click();
    await page.getByTestId('signin-link').click();
    await page.getByTestId('passkey-signin').click();
    await page.getByTestId('account-bar').getByRole('link', { name: 'Lili Boulanger' }).waitFor();

    // Another browser, in English, with the password.
    const desk = await context('en', DESKTOP);
    const other = await h.newPage(desk);
    await other.goto(`${local()}/#/signin`);
    await other.locator('input[name=name]').fill('Lili Boulanger');
    await other.locator('input[name=password]').fill('notenblatt-1893');
    await other.getByTestId('signin-submit').click();
    await other.getByTestId('account-bar').getByRole('link', { name: 'Lili Boulanger' }).click();
    await other.getByTestId('profile-name').waitFor();
    // The statistics of a finished match appear within seconds of its end.
    const kb = other.locator('section.game-stats[data-game=klaberjass]');
    await expect
      .poll(
        async () => {
          await other.reload();
          await other.getByTestId('profile-name').waitFor();
          return (await kb.count()) > 0 ? await kb.locator('table.stats tbody tr').first().innerText() : '';
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^Matches\s+3\s+\d\s+\d$/);
    const recent = other.getByTestId('recent');
    expect(
      (
        await recent.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-table')))
      ).sort(),
    ).toEqual([...tables].sort());
    // Against the rule-based computer, three matches.
    expect(await kb.locator('tr[data-level=rule]').innerText()).toMatch(/^Rule-based\s+3\s+\d$/);
    // His rating: three rated matches, fewer than the leaderboard's minimum, so provisional ("?").
    const rating = await kb.getByTestId('rating').innerText();
    expect(rating).toMatch(/^Rating: \d[\d,]*\?\s*\(provisional/);
    expect(rating).toContain('3 rated matches');
    const shown = Number(/Rating: ([\d,]+)\?/.exec(rating)![1].replace(',', ''));
    // The pictures: his rating after each match, points per deal and the last matches.
    await kb.locator('[data-testid=chart-rating] canvas').waitFor();
    expect(await kb.locator('figure').first().locator('figcaption').innerText()).toMatch(
      new RegExp(`after 3 rated matches: from [\\d,]+ to ${shown.toLocaleString('en-GB')}`),
    );
    await kb.locator('[data-testid=chart-histogram] canvas').waitFor();
    await recent.locator('[data-testid=chart-recent] canvas').waitFor();
    expect(await axe(other)).toEqual([]);
    // The leaderboard of his game, from his profile: he is on it, marked, with the same rating.
    await kb.getByRole('link', { name: 'Leaderboard' }).click();
    const me = other.locator('[data-testid=board] tbody tr.me');
    await me.waitFor();
    expect(await me.getAttribute('data-name')).toBe('Lili Boulanger');
    expect(await me.locator('[data-testid=board-rating]').innerText()).toMatch(
      new RegExp(`^${shown.toLocaleString('en-GB')}\\?\\s*\\(provisional\\)$`),
    );
    expect(await me.innerText()).toContain('(you)');
    // The computer he played against is on it too, with its fixed rating.
    expect(await other.locator('[data-testid=board] tbody tr').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Computer · Rule-based')]),
    );
    expect(await axe(other)).toEqual([]);
    await desk.close();

    // On the phone too; the picture for the docs.
    await page.getByTestId('account-bar').getByRole('link', { name: 'Lili Boulanger' }).click();
    await page
      .locator('section.game-stats[data-game=klaberjass] [data-testid=chart-histogram] canvas')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'account-profile-phone.png'), fullPage: true });
    // His own profile offers the replay of each match, private ones too.
    await page.getByTestId('recent').locator(`tr[data-table="${tables[2]}"] a`).click();
    await page.waitForURL(new RegExp(`#/replay/${tables[2]}$`));
    await page.getByTestId('replay-screen').waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => page.getByTestId('replay-screen').innerText())
      .toMatch(/Schritt 1 von \d+[\s\S]*Lili Boulanger/);
    expect(h.cspViolations).toEqual([]);
    await phone.close();
  }, 300_000);
});
