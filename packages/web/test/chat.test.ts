/**
 * The chat at the table in Chromium (docs/chat.md): two players at a private table chat with a quick
 * phrase and free text; the usual script and HTML payloads arrive as text on the other screen, no dialog
 * opens and no such element is in the DOM; a mute hides a player's messages for the one who muted; a
 * report is stored; the host's free-text switch takes the other's input away; on a phone the chat waits
 * behind its toggle and, when open, does not cover the cards.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { axe, chromiumPath, harness, shots, WAIT_MS } from './harness.ts';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '<a href="javascript:alert(1)">klick</a>',
];

/** Dialogs a page opened (an alert would be one). */
function dialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

const texts = (page: Page) => page.locator('[data-testid=chat-log] .chat-text').allTextContents();

describe.skipIf(!chromiumPath)('chat in Chromium', () => {
  const h = harness({ CHAT_PER_PLAYER: '50', CHAT_PER_ADDRESS: '200' });

  it('two players chat; script and HTML payloads stay text; mute, report, free text off; phone toggle', async () => {
    const a = await h.newPage();
    const aDialogs = dialogs(a);
    await a.goto(h.base);
    await a.getByLabel(/Dein Name/).fill('Anna');
    await a.getByTestId('create').click();
    await a.locator('select[name=players]').selectOption('2');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.getByTestId('create-submit').click();
    const link = await a.getByTestId('invite-link').inputValue();

    const b = await h.newPage(undefined, { width: 390, height: 844 });
    const bDialogs = dialogs(b);
    await b.goto(link);
    await b.getByTestId('name-gate').getByRole('textbox').fill('Bruno');
    await b.getByTestId('name-gate').getByRole('button').click();
    await b.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    await a.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });

    // The desktop has the chat open beside the table; the phone has only its toggle.
    await a.getByTestId('chat').waitFor();
    expect(await b.getByTestId('chat').count()).toBe(0);

    await a.getByTestId('chat-quick-gg').click();
    await expect.poll(() => texts(a)).toEqual(['Gut gespielt']);
    await expect.poll(() => b.getByTestId('chat-unread').textContent()).toBe('1');
    await b.getByTestId('chat-toggle').click();
    await expect.poll(() => texts(b)).toEqual(['Gut gespielt']);
    expect(await b.getByTestId('chat-unread').count()).toBe(0);
    // Open on the phone, the chat is below the cards, not over them.
    const hand = await b.locator('.hand').boundingBox();
    const panel = await b.getByTestId('chat').boundingBox();
    expect(hand && panel).toBeTruthy();
    expect(panel!.y).toBeGreaterThanOrEqual(hand!.y + hand!.height - 1);
    await b.screenshot({ path: join(shots, 'chat-phone.png'), fullPage: true });

    await b.getByTestId('chat-input').fill('Danke, gleichfalls');
    await b.getByTestId('chat-send').click();
    await expect.poll(() => texts(a)).toEqual(['Gut gespielt', 'Danke, gleichfalls']);

    // Messages that come in scroll the chat's list, not the phone's page.
    await b.evaluate(() => window.scrollTo(0, 0));
    const scrolled = () => b.evaluate(() => window.scrollY);
    for (const p of PAYLOADS) {
      await a.getByTestId('chat-input').fill(p);
      await a.getByTestId('chat-input').press('Enter');
    }
    const want = ['Gut gespielt', 'Danke, gleichfalls', ...PAYLOADS];
    await expect.poll(() => texts(b)).toEqual(want);
    await expect.poll(() => texts(a)).toEqual(want);
    expect(await scrolled()).toBe(0);
    await a.screenshot({ path: join(shots, 'chat-desktop.png') });
    // The panel itself is accessible on both screens.
    expect(await axe(a)).toEqual([]);
    expect(await axe(b)).toEqual([]);
    // Give any handler a payload might have planted the time to run.
    await b.waitForTimeout(500);
    for (const page of [a, b]) {
      const found = await page.evaluate(() => ({
        scripts: document.querySelectorAll('#chat-panel script').length,
        imgs: document.querySelectorAll('#chat-panel img').length,
        svgs: document.querySelectorAll('#chat-panel svg').length,
        links: document.querySelectorAll('#chat-panel a').length,
        handlers: [...document.querySelectorAll('#chat-panel *')].filter((e) =>
          [...e.attributes].some((x) => /^on/i.test(x.name)),
        ).length,
        anywhere: document.querySelectorAll('img[src="x"], svg[onload], a[href^="javascript"]').length,
      }));
      expect(found).toEqual({ scripts: 0, imgs: 0, svgs: 0, links: 0, handlers: 0, anywhere: 0 });
    }
    expect([aDialogs, bDialogs]).toEqual([[], []]);
    // The scheme is marked as a link that is not clickable.
    expect(await b.locator('[data-testid=chat-log] li').nth(4).locator('.chat-link').count()).toBe(1);

    // Bruno mutes Anna: her messages are gone from his screen only; showing her again brings them back.
    await b.getByTestId('chat-log').locator('li').first().getByTestId('chat-mute').click();
    await expect.poll(() => texts(b)).toEqual(['Danke, gleichfalls']);
    expect(await texts(a)).toEqual(want);
    await b.getByRole('button', { name: /Anna wieder zeigen/ }).click();
    await expect.poll(() => texts(b)).toEqual(want);

    // He reports her last message: the report is stored with its context.
    await b.getByTestId('chat-log').locator('li').last().getByTestId('chat-report').click();
    await expect
      .poll(() => b.getByTestId('chat-log').locator('li').last().getByTestId('chat-report').textContent())
      .toBe('Gemeldet');
    await expect
      .poll(async () => (await context().store.db.selectFrom('chat_reports').selectAll().execute()).length)
      .toBe(1);
    const [report] = await context().store.db.selectFrom('chat_reports').selectAll().execute();
    expect(JSON.parse(report.context)).toHaveLength(6);

    // Anna hosts: free text off takes Bruno's input away, his quick phrases stay.
    // The switch shows the server's state: it turns once the table's rules come back.
    await a.getByTestId('chat-free').click();
    await expect.poll(() => a.getByTestId('chat-free').isChecked()).toBe(false);
    await expect.poll(() => b.getByTestId('chat-input').count()).toBe(0);
    await b.getByTestId('chat-quick-misclick').click();
    await expect.poll(async () => (await texts(a)).at(-1)).toBe('Entschuldigung, verklickt');
    expect(await b.getByTestId('chat-free').count()).toBe(0);
    expect([aDialogs, bDialogs]).toEqual([[], []]);
    expect(h.cspViolations).toEqual([]);
    await a.context().close();
    await b.context().close();
  }, 180_000);
});
