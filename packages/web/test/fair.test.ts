/**
 * The fair deal in the browser (docs/fair-deal.md): at a table against computer players the client sends
 * its own value for each committed deal, checks every revealed deal itself (WebCrypto) and shows the badge;
 * the badge leads to the page that explains the method.
 */
import { describe, expect, it } from 'vitest';
import { chromiumPath, harness, playUntil, WAIT_MS } from './harness.ts';

describe.skipIf(!chromiumPath)('fair deal in Chromium', () => {
  const h = harness();

  it('shows the verification badge after each finished deal, with the seat’s own value in the proof', async () => {
    const post = async (path: string, body: unknown, token?: string) => {
      const r = await fetch(h.base + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await r.json()) as Record<string, unknown>;
    };
    const g = (await post('/api/guests', { name: 'Tester' })) as { token: string };
    const now = (await post(
      '/api/play-now',
      { game: 'differenzler', level: 'random', options: { rounds: 2 } },
      g.token,
    )) as { table: { id: string } };
    const id = now.table.id;
    const page = await h.newPage();
    await page.goto('about:blank');
    await page.addInitScript(
      ([t]) => {
        localStorage.setItem('stich.token', t);
        localStorage.setItem('stich.name', 'Tester');
      },
      [g.token],
    );
    await page.goto(`${h.base}/#/t/${id}?seat=0`);
    const badge = page.getByTestId('fair-badge');
    // Counted, not awaited: a locator's getAttribute would wait for the badge.
    const shows = (deal: number) => async () =>
      (await page.locator(`[data-testid=fair-badge][data-deal="${deal}"]`).count()) > 0;
    // The first round ends: deal 0 is revealed and checked.
    await playUntil(page, shows(0), 1000);
    await expect.poll(() => badge.getAttribute('data-result'), { timeout: WAIT_MS }).toBe('ok');
    expect(await badge.textContent()).toContain('Geben 1 geprüft');
    // While the match runs the badge is a way out of the table like the back button: it asks first.
    await badge.click();
    await page.getByTestId('leave-confirm').waitFor();
    expect(page.url()).toContain(`#/t/${id}`);
    await page.getByTestId('stay').click();
    expect(await page.getByTestId('leave-confirm').count()).toBe(0);
    // The second and last round: this seat's value, sent while the first was played, is in its proof.
    await playUntil(page, shows(1), 1000);
    await expect.poll(() => badge.getAttribute('data-result'), { timeout: WAIT_MS }).toBe('ok');
    const record = (await (
      await fetch(`${h.base}/api/tables/${id}/record`, { headers: { authorization: `Bearer ${g.token}` } })
    ).json()) as {
      deals: { fair: { clients: (string | null)[]; seed: string } }[];
    };
    expect(record.deals[1].fair.clients[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(record.deals[1].fair.clients.slice(1)).toEqual([null, null, null]);

    await badge.click();
    await expect.poll(() => page.locator('.fair-page h1').textContent()).toBe('Nachprüfbares Mischen');

    // The replay checks every deal from the record, as `stich verify` does.
    await page.goto(`${h.base}/#/replay/${id}`);
    const check = page.getByTestId('fair-record');
    await expect.poll(() => check.getAttribute('data-result'), { timeout: WAIT_MS }).toBe('ok');
    expect(await check.textContent()).toContain('2 von 2 Geben geprüft');
    // A downloaded record whose second deal names another client value than the one mixed in fails there.
    const forged = structuredClone(record);
    forged.deals[1].fair.clients[0] = forged.deals[1].fair.seed;
    await page.goto(`${h.base}/#/replay`);
    await page.getByTestId('replay-file').setInputFiles({
      name: 'forged.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(forged)),
    });
    const forgedCheck = page.getByTestId('fair-record');
    await expect.poll(() => forgedCheck.getAttribute('data-result'), { timeout: WAIT_MS }).toBe('failed');
    expect(await forgedCheck.textContent()).toContain('1 von 2 Geben geprüft');
    expect(await forgedCheck.textContent()).toContain('Geben 2: Prüfung fehlgeschlagen');
    await page.context().close();
  }, 240_000);
});
