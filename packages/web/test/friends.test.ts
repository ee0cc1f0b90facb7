/**
 * Friends in the browser against the real server (docs/friends.md): two players with accounts, one asks
 * the other by name, the other accepts; both see each other online; the first opens a private table and
 * invites his friend from the friends' screen; the friend sees the invitation in the lobby's header and
 * sits down through it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axe, chromiumPath, harness, langContext, shots, signUp, WAIT_MS } from './harness.ts';

const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromiumPath)('friends in the browser', () => {
  const h = harness();
  const local = () => h.base.replace('127.0.0.1', 'localhost');

  const context = (lang: 'de' | 'en') => langContext(h, lang, PHONE);

  it('asks, accepts, sees the friend online, invites him to a seat, and he sits down by the invitation', async () => {
    const annika = await h.newPage(await context('de'));
    const bertram = await h.newPage(await context('en'));
    await signUp(annika, local(), 'Annika');
    await signUp(bertram, local(), 'Bertram');

    await annika.goto(`${local()}/#/friends`);
    await annika.locator('input[name=friend]').fill('Bertram');
    await annika.locator('[data-testid=friend-add] button[type=submit]').click();
    await expect
      .poll(() => annika.locator('[role=status]').innerText())
      .toBe('Anfrage an Bertram gesendet. Ihr seid Freunde, sobald Bertram dich auch hinzufügt.');
    await annika.locator('[data-testid=friend-outgoing] li[data-name=Bertram]').waitFor();

    await bertram.goto(`${local()}/#/friends`);
    const asking = bertram.locator('[data-testid=friend-incoming] li[data-name=Annika]');
    await asking.getByRole('button', { name: 'Accept' }).click();
    const annikaRow = bertram.locator('[data-testid=friend-list] li[data-name=Annika]');
    await annikaRow.waitFor();
    // Annika asked for her list a moment ago: she is online.
    await expect(annikaRow.getAttribute('data-online')).resolves.toBe('true');

    // Annika opens a private table for four people and takes seat 0; then invites Bertram from her screen.
    const tableId = await annika.evaluate(async () => {
      const token = localStorage.getItem('stich.token');
      const r = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          game: 'doppelkopf',
          players: 4,
          preset: 'ddv',
          seats: [
            { kind: 'human' },
            { kind: 'human' },
            { kind: 'bot', level: 'rule' },
            { kind: 'bot', level: 'rule' },
          ],
          visibility: 'private',
          seat: 0,
        }),
      });
      return ((await r.json()) as { table: { id: string } }).table.id;
    });
    await annika.reload();
    const bertramRow = annika.locator('[data-testid=friend-list] li[data-name=Bertram]');
    await bertramRow.waitFor();
    await bertramRow.getByTestId('invite').click();
    await expect.poll(() => annika.locator('[role=status]').innerText()).toBe('Bertram ist eingeladen.');
    await annika.screenshot({ path: join(shots, 'friends-phone.png'), fullPage: true });
    expect(await axe(annika)).toEqual([]);

    // Bertram's lobby tells him of the invitation (the app asks when it opens and every 30 s).
    await bertram.goto(`${local()}/#/`);
    await bertram.reload();
    await expect
      .poll(() => bertram.getByTestId('invitations').innerText(), { timeout: WAIT_MS })
      .toBe('1 invitation');
    // Annika's table is among hers, private, with one seat free.
    await bertram.getByTestId('friends-link').click();
    await expect
      .poll(() => bertram.locator(`[data-testid=friend-list] li[data-table="${tableId}"]`).innerText())
      .toMatch(/Doppelkopf · 4 players · 1 seat free · private/);
    const invitation = bertram.locator('[data-testid=friend-invitations] li[data-from=Annika]');
    await expect(invitation.innerText()).resolves.toMatch(/Annika invites you: Doppelkopf · 4 players/);
    await invitation.getByRole('button', { name: 'Sit down' }).click();
    await bertram.locator('main.table-screen').waitFor({ timeout: WAIT_MS });
    await expect
      .poll(() => bertram.locator('main.table-screen').getAttribute('data-seat'), { timeout: WAIT_MS })
      .toBe('1');
  }, 180_000);
});
