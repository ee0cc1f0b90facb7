/**
 * Accounts in the browser against the real server (docs/accounts.md): the forms' checks and the server's
 * refusals in German and English; a guest who claims an account keeps his tables, adds a passkey (Chromium's
 * virtual authenticator over CDP), signs out and in again with it, and signs in with his password in a second
 * browser; the settings rename the passkey, list both browsers and sign the other out, export the data and
 * delete the account. The pages are opened at `localhost`: a passkey's relying party must be a host name.
 */
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe, chromiumPath, harness, shots, signUp } from './harness.ts';

const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromiumPath)('accounts in the browser', () => {
  const h = harness();
  const local = () => h.base.replace('127.0.0.1', 'localhost');

  async function context(lang: 'de' | 'en', size = PHONE): Promise<BrowserContext> {
    const ctx = await h.browser.newContext({
      viewport: size,
      reducedMotion: 'reduce',
      acceptDownloads: true,
    });
    await ctx.addInitScript((l) => localStorage.setItem('stich.lang', l), lang);
    return ctx;
  }

  /** A virtual platform authenticator (resident keys, user verification) for this page. */
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

  const problems = (page: Page) => page.locator('.problem').allInnerTexts();
  const alertText = (page: Page) => page.locator('[role=alert]').first().innerText();
  const bar = (page: Page) => page.getByTestId('account-bar').innerText();

  it('checks the forms and says the server’s refusals in German and English', async () => {
    // Someone holds the name already.
    const first = await context('de');
    const p1 = await h.newPage(first);
    await signUp(p1, local(), 'Konrad');
    await first.close();

    const texts = {
      de: {
        required: 'Bitte ausfüllen.',
        nameLength: 'Der Name hat 3 bis 24 Zeichen.',
        nameChars:
          'Der Name besteht aus Buchstaben, Ziffern, Leerzeichen, „.“, „_“ und „-“ und beginnt mit einem Buchstaben oder einer Ziffer.',
        passwordLength: 'Das Passwort hat 8 bis 256 Zeichen.',
        mismatch: 'Die Passwörter stimmen nicht überein.',
        taken: 'Diesen Namen hat schon jemand (auch in anderer Schreibweise).',
        badLogin: 'Name oder Passwort stimmt nicht.',
      },
      en: {
        required: 'Please fill this in.',
        nameLength: 'A name has 3 to 24 characters.',
        nameChars:
          'A name holds letters, digits, spaces, “.”, “_” and “-” and starts with a letter or a digit.',
        passwordLength: 'A password has 8 to 256 characters.',
        mismatch: 'The passwords do not match.',
        taken: 'Someone has this name already (perhaps spelt differently).',
        badLogin: 'The name or the password is wrong.',
      },
    };
    for (const lang of ['de', 'en'] as const) {
      const x = texts[lang];
      const ctx = await context(lang);
      const page = await h.newPage(ctx);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/account')) asked.push(r.url());
      });
      await page.goto(`${local()}/#/signup`);
      await page.getByTestId('signup-submit').click();
      expect(await problems(page)).toEqual([x.required, x.required, x.required]);
      expect(await page.locator('input[name=name]').getAttribute('aria-invalid')).toBe('true');
      await page.locator('input[name=name]').fill('Ko');
      await page.locator('input[name=password]').fill('kurz');
      await page.locator('input[name=again]').fill('anders');
      await page.getByTestId('signup-submit').click();
      expect(await problems(page)).toEqual([x.nameLength, x.passwordLength, x.mismatch]);
      await page.locator('input[name=name]').fill('_Konrad');
      await page.getByTestId('signup-submit').click();
      expect((await problems(page))[0]).toBe(x.nameChars);
      if (lang === 'de') await page.screenshot({ path: join(shots, 'signup-phone.png'), fullPage: true });
      // Nothing was sent while the form had problems.
      expect(asked).toEqual([]);
      expect(await axe(page)).toEqual([]);
      // The server's answer for a name someone has, in another spelling.
      await page.locator('input[name=name]').fill('KONRAD');
      await page.locator('input[name=password]').fill('geheim-genug');
      await page.locator('input[name=again]').fill('geheim-genug');
      await page.getByTestId('signup-submit').click();
      await expect.poll(() => alertText(page)).toBe(x.taken);
      expect(await problems(page)).toEqual([]);
      // Sign-in: empty fields, then the one answer for a wrong password.
      await page.goto(`${local()}/#/signin`);
      await page.getByTestId('signin-submit').click();
      expect(await problems(page)).toEqual([x.required, x.required]);
      await page.locator('input[name=name]').fill('Konrad');
      await page.locator('input[name=password]').fill('falsch-falsch');
      await page.getByTestId('signin-submit').click();
      await expect.poll(() => alertText(page)).toBe(x.badLogin);
      expect(await axe(page)).toEqual([]);
      await ctx.close();
    }
    expect(h.cspViolations).toEqual([]);
  }, 120_000);

  it('lets a guest claim an account, add a passkey, sign in with it and with the password elsewhere', async () => {
    const a = await context('de');
    const page = await h.newPage(a);
    await authenticator(page);
    // A guest starts a match against the computer, then goes back to the lobby.
    await page.goto(`${local()}/`);
    expect(await bar(page)).toContain('Du spielst als Gast');
    await page.getByTestId('quick').click();
    await page.waitForURL(/#\/t\//);
    const table = /#\/t\/([^?]+)/.exec(page.url())![1];
    await page.locator('.hand button.card').first().waitFor({ timeout: 20_000 });
    await page.goto(`${local()}/#/`);
    await page.locator(`[data-testid=my-tables] li[data-table="${table}"]`).waitFor();
    const guestToken = await page.evaluate(() => localStorage.getItem('stich.token'));

    // He claims the name: the same player, so the table stays his.
    await page.getByTestId('account-bar').getByRole('link', { name: 'Konto anlegen' }).click();
    await page.locator('input[name=name]').fill('Clara Wieck');
    await page.locator('input[name=password]').fill('klavier-1819');
    await page.locator('input[name=again]').fill('klavier-1819');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-done').waitFor();
    expect(await page.locator('h1').innerText()).toBe('Willkommen, Clara Wieck! Dein Konto ist angelegt.');
    expect(await axe(page)).toEqual([]);
    await page.getByTestId('offer-passkey').click();
    await expect.poll(() => page.locator('[role=status]').innerText()).toBe('Passkey hinzugefügt.');
    const playToken = await page.evaluate(() => localStorage.getItem('stich.token'));
    expect(playToken).not.toBe(guestToken);
    await page.getByRole('link', { name: 'Zur Lobby' }).click();
    expect(await bar(page)).toContain('Du spielst als Clara Wieck');
    await page.locator(`[data-testid=my-tables] li[data-table="${table}"]`).waitFor();
    // The name field is the account's now: not asked in the lobby.
    expect(await page.getByLabel('Dein Name').count()).toBe(0);

    // Settings: the passkey gets a name of its own.
    await page.getByTestId('account-bar').getByRole('link', { name: 'Einstellungen' }).click();
    const keys = page.getByTestId('passkeys');
    await keys.locator('li').first().waitFor();
    expect(await keys.locator('li').count()).toBe(1);
    await keys.getByRole('button', { name: 'Umbenennen' }).click();
    await keys.locator('input').fill('Telefon');
    await keys.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => keys.locator('li strong').innerText()).toBe('Telefon');
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: join(shots, 'settings-phone.png'), fullPage: true });

    // Signed out, the browser is a guest again; the passkey signs him in without a name.
    await page.getByTestId('signout').click();
    await page.getByTestId('account-bar').waitFor();
    expect(await bar(page)).toContain('Du spielst als Gast');
    expect(await page.evaluate(() => localStorage.getItem('stich.token'))).toBeNull();
    await page.getByTestId('signin-link').click();
    await page.getByTestId('passkey-signin').click();
    await page.getByTestId('account-bar').waitFor();
    expect(await bar(page)).toContain('Du spielst als Clara Wieck');
    await page.locator(`[data-testid=my-tables] li[data-table="${table}"]`).waitFor();

    // A second browser, in English, signs in with the password and finds the same tables.
    const b = await context('en', { width: 1280, height: 800 });
    const other = await h.newPage(b);
    await other.goto(`${local()}/#/signin`);
    await other.locator('input[name=name]').fill('clara wieck');
    await other.locator('input[name=password]').fill('klavier-1819');
    await other.getByTestId('signin-submit').click();
    await other.getByTestId('account-bar').waitFor();
    expect(await bar(other)).toContain('You play as Clara Wieck');
    await other.locator(`[data-testid=my-tables] li[data-table="${table}"]`).waitFor();

    // Both browsers are listed; "Überall abmelden" leaves only this one.
    await page.goto(`${local()}/#/settings`);
    const sessions = page.getByTestId('sessions');
    await expect.poll(() => sessions.locator('li').count()).toBe(2);
    expect(await sessions.locator('li[data-current=true]').count()).toBe(1);
    // Named as a person would: the headless Chromium of the test on Linux.
    expect(await sessions.locator('li strong').allInnerTexts()).toEqual(['Chrome · Linux', 'Chrome · Linux']);
    await page.getByTestId('logout-all').click();
    await expect.poll(() => sessions.locator('li').count()).toBe(1);
    expect(await sessions.locator('[role=status]').innerText()).toBe('Alle anderen Geräte sind abgemeldet.');
    await other.goto(`${local()}/#/settings`);
    await other.getByText('You are not signed in.').waitFor();
    expect(await axe(other)).toEqual([]);
    // That browser knows it now: a guest again in the lobby.
    await other.goto(`${local()}/#/`);
    expect(await bar(other)).toContain('You play as Guest');
    await b.close();

    // A new password: the current one is asked for first.
    const pw = page.locator('section[aria-labelledby=password-h]');
    await pw.locator('input[name=current]').fill('falsch-falsch');
    await pw.locator('input[name=next]').fill('fantasie-op17');
    await pw.locator('input[name=again]').fill('fantasie-op17');
    await page.getByTestId('password-submit').click();
    await expect
      .poll(() => pw.locator('[role=alert]').innerText())
      .toBe('Das jetzige Passwort stimmt nicht.');
    await pw.locator('input[name=current]').fill('klavier-1819');
    await page.getByTestId('password-submit').click();
    await expect
      .poll(() => pw.locator('[role=status]').innerText())
      .toBe('Passwort geändert. Alle anderen Geräte sind abgemeldet.');
    // The passkey goes after a question.
    page.once('dialog', (d) => void d.accept());
    await keys.getByRole('button', { name: 'Telefon entfernen' }).click();
    await keys.getByText('Noch kein Passkey.').waitFor();

    // The export is a JSON download of everything kept about him.
    const download = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(file, 'utf8')) as {
      format: string;
      player: { name: string };
      tables: { id: string }[];
    };
    expect(data.format).toBe('stich-account-export');
    expect(data.player.name).toBe('Clara Wieck');
    expect(data.tables.map((x) => x.id)).toContain(table);

    // Deleting asks for the password and a confirmation; then the browser is a guest.
    await page.getByTestId('delete-open').click();
    const dialog = page.getByRole('dialog');
    expect(await page.getByTestId('delete-submit').isDisabled()).toBe(true);
    await dialog.getByLabel('Passwort zur Bestätigung').fill('falsch-falsch');
    await dialog.getByRole('checkbox').check();
    await page.getByTestId('delete-submit').click();
    await expect
      .poll(() => dialog.locator('[role=alert]').innerText())
      .toBe('Name oder Passwort stimmt nicht.');
    expect(await axe(page)).toEqual([]);
    await dialog.getByLabel('Passwort zur Bestätigung').fill('fantasie-op17');
    await page.getByTestId('delete-submit').click();
    await expect
      .poll(() => page.locator('[role=status]').last().innerText())
      .toBe('Dein Konto ist gelöscht. Du spielst wieder als Gast.');
    await page.goto(`${local()}/#/`);
    expect(await bar(page)).toContain('Du spielst als Gast');
    // The name is gone: signing in with it gets the one answer for unknown names.
    await page.goto(`${local()}/#/signin`);
    await page.locator('input[name=name]').fill('Clara Wieck');
    await page.locator('input[name=password]').fill('fantasie-op17');
    await page.getByTestId('signin-submit').click();
    await expect.poll(() => alertText(page)).toBe('Name oder Passwort stimmt nicht.');
    expect(h.cspViolations).toEqual([]);
    await a.close();
  }, 180_000);
});
