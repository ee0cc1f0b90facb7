/**
 * The moderators' screen in Chromium (docs/chat.md): at a table of two, Bruno writes a line with markup in
 * it and Anna reports it; Mona, a signed-in moderator, finds the link in the header, sees the report on
 * her screen with the line as plain text, and hides it; Anna's chat drops the line at once and it does not
 * come back on reloading.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { axe, chromiumPath, harness, shots, signUp, WAIT_MS } from './harness.ts';

const texts = (page: Page) => page.locator('[data-testid=chat-log] .chat-text').allTextContents();
const BAD = 'Du Trottel <b>fett</b>';

describe.skipIf(!chromiumPath)('moderators’ screen in Chromium', () => {
  const h = harness({ CHAT_PER_PLAYER: '50', CHAT_PER_ADDRESS: '200' });
  const local = () => h.base.replace('127.0.0.1', 'localhost');

  it('a reported line is hidden from the moderators’ screen and leaves the other player’s chat', async () => {
    // Mona signs up and is made a moderator (MODERATORS holds player ids).
    const mona = await h.newPage();
    await signUp(mona, local(), 'Mona');
    const monaId = await mona.evaluate(async () => {
      const token = localStorage.getItem('stich.token');
      const r = await fetch('/api/account', { headers: { authorization: `Bearer ${token}` } });
      return ((await r.json()) as { account: { player: { id: string } } }).account.player.id;
    });
    (context().config.moderators as string[]).push(monaId);

    const a = await h.newPage();
    await a.goto(h.base);
    await a.getByLabel(/Dein Name/).fill('Anna');
    await a.getByTestId('create').click();
    await a.locator('select[name=players]').selectOption('2');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.getByTestId('create-submit').click();
    const link = await a.getByTestId('invite-link').inputValue();
    const b = await h.newPage();
    await b.goto(link);
    await b.getByTestId('name-gate').getByRole('textbox').fill('Bruno');
    await b.getByTestId('name-gate').getByRole('button').click();
    await b.getByTestId('chat').waitFor({ timeout: WAIT_MS });
    await a.getByTestId('chat').waitFor({ timeout: WAIT_MS });

    await a.getByTestId('chat-quick-gg').click();
    await b.getByTestId('chat-input').fill(BAD);
    await b.getByTestId('chat-send').click();
    await expect.poll(() => texts(a)).toEqual(['Gut gespielt', BAD]);
    await a.getByTestId('chat-log').locator('li').last().getByTestId('chat-report').click();
    await expect
      .poll(() => a.getByTestId('chat-log').locator('li').last().getByTestId('chat-report').textContent())
      .toBe('Gemeldet');

    // Players see no link to the screen; the moderator does.
    expect(await a.getByTestId('moderation-link').count()).toBe(0);
    await mona.goto(`${local()}/#/`);
    await mona.getByTestId('moderation-link').click();
    const report = mona.getByTestId('report');
    await report.waitFor({ timeout: WAIT_MS });
    expect(await report.count()).toBe(1);
    await expect(mona.getByTestId('report-message').textContent()).resolves.toBe(`Bruno: ${BAD}`);
    await expect(mona.getByTestId('report-context').textContent()).resolves.toBe('Anna: Gut gespielt');
    await expect(report.textContent()).resolves.toMatch(/Gemeldet von Anna/);
    // The line is text on this screen too: no element came of its markup.
    expect(await report.locator('b').count()).toBe(0);
    await mona.screenshot({ path: join(shots, 'moderation.png'), fullPage: true });
    expect(await axe(mona)).toEqual([]);

    await mona.getByTestId('mod-hide').click();
    await expect
      .poll(() => mona.locator('[role=status]').textContent())
      .toBe('Die Nachricht ist ausgeblendet.');
    await mona.getByTestId('no-reports').waitFor();
    // Both players' chats drop it at once; Anna's reload does not bring it back.
    await expect.poll(() => texts(a)).toEqual(['Gut gespielt']);
    await expect.poll(() => texts(b)).toEqual(['Gut gespielt']);
    await a.reload();
    await a.getByTestId('chat').waitFor({ timeout: WAIT_MS });
    await expect.poll(() => texts(a)).toEqual(['Gut gespielt']);
    // The report stays closed after the screen loads again.
    await mona.reload();
    await mona.getByTestId('no-reports').waitFor();
    expect(h.cspViolations).toEqual([]);
  }, 180_000);
});
