/**
 * The tournament pages in Chromium against the real server (docs/tournaments.md, docs/web.md Tournaments):
 * two players with accounts; the organizer reaches the list from the lobby's "Turniere" link, is refused a
 * DDV tournament of 6 games per series (the server's typed reason shown), then sets up a Swiss Klaberjass
 * tournament whose name is markup; the other player finds it in the list and registers on its page; the
 * organizer's page shows him by its poll; the organizer starts it, and both see their table (the first
 * round's only one), the standings' place, and a link to sit down. Then both play the table to its end,
 * the standings rank them, and the finished table links to its replay. Leaving the open page stops its
 * poll.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe, chromiumPath, harness, langContext, playUntil, shots, signUp, WAIT_MS } from './harness.ts';

const PHONE = { width: 390, height: 844 };
// Within the name's 60 characters.
const NAME = 'Cup <img src=x onerror="window.__hacked=1"> & <b>fett</b>';

describe.skipIf(!chromiumPath)('tournaments in the browser', () => {
  const h = harness();
  const local = () => h.base.replace('127.0.0.1', 'localhost');
  let annika: Page;
  let bertram: Page;
  let id = '';

  const context = (lang: 'de' | 'en') => langContext(h, lang, PHONE);

  /** The phone's page never scrolls sideways (wide tables scroll in their own box). */
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
  const status = (page: Page) => page.getByTestId('tournament-status').innerText();
  const entrants = (page: Page) => page.getByTestId('tournament-entrants').innerText();
  /** Keys shown instead of a text (i18next shows a missing key as itself). */
  const rawKeys = async (page: Page) =>
    (await page.locator('body').innerText()).match(/\btournaments\.[\w.-]+/g) ?? [];

  it('sets up a tournament, registers a second player through the page, starts it and shows the table', async () => {
    annika = await h.newPage(await context('de'));
    bertram = await h.newPage(await context('en'));
    await signUp(annika, local(), 'Annika');
    await signUp(bertram, local(), 'Bertram');

    // The lobby's header leads to the tournaments.
    await annika.goto(`${local()}/#/`);
    await annika.getByTestId('tournaments-link').click();
    await annika.getByTestId('page-tournaments').waitFor();
    await expect
      .poll(() => annika.getByTestId('tournament-list').innerText())
      .toMatch(/Zurzeit keine Turniere/);

    const form = annika.getByTestId('tournament-create');
    // DDV: only Doppelkopf, with the presets the server's games name (DDV and house rules).
    await form.locator('select[name=format]').selectOption('ddv');
    await expect
      .poll(() =>
        form
          .locator('select[name=game] option')
          .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
      )
      .toEqual(['doppelkopf']);
    const presets = await form
      .locator('select[name=preset] option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(presets.length).toBeGreaterThan(1);
    expect(presets).toContain('ddv');
    // A refused request shows the code's text and the server's reason.
    await form.locator('input[name=name]').fill(NAME);
    await form.locator('input[name=games]').fill('6');
    await form.locator('button[type=submit]').click();
    const refused = form.getByTestId('create-error');
    await refused.waitFor();
    expect(await refused.getAttribute('data-code')).toBe('malformed');
    expect(await refused.innerText()).toMatch(/^Die Angaben passen nicht\. \(.*multiples of 4.*\)$/);

    // Swiss: Klaberjass or Klapper-Jas; no games per round (a round is one whole match).
    await form.locator('select[name=format]').selectOption('swiss');
    await expect
      .poll(() =>
        form
          .locator('select[name=game] option')
          .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
      )
      .toEqual(['klaberjass', 'klapperjas']);
    expect(await form.locator('input[name=games]').count()).toBe(0);
    await form.locator('select[name=game]').selectOption('klaberjass');
    await form.locator('input[name=rounds]').fill('1');
    await form.locator('input[name=maxPlayers]').fill('8');
    await form.locator('button[type=submit]').click();

    // The new tournament's page: the name is text, never markup.
    await annika.getByTestId('page-tournament').waitFor();
    await annika.getByTestId('tournament-head').waitFor({ timeout: WAIT_MS });
    id = decodeURIComponent(/#\/tournaments\/([^?]+)/.exec(annika.url())![1]);
    expect(await annika.getByTestId('tournament-name').innerText()).toBe(NAME);
    expect(
      await annika.locator('[data-testid=tournament-name] img, [data-testid=tournament-name] b').count(),
    ).toBe(0);
    expect(await annika.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    expect(await status(annika)).toBe('Anmeldung offen');
    expect(await annika.getByTestId('tournament-head').innerText()).toMatch(/Schweizer System · Klaberjass/);
    expect(await annika.getByTestId('tournament-head').innerText()).toMatch(/1 Runde: ein ganzes Spiel/);
    await annika.getByTestId('tournament-organizer').waitFor();
    // The organizer is not registered by creating it; she registers to play too.
    await expect.poll(() => entrants(annika)).toBe('0 von 8 Spielern');
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('1 von 8 Spielern');
    await annika.locator('[data-testid=tournament-players] li[data-name=Annika]').waitFor();

    // Bertram finds it in the list (in English), opens it and registers.
    await bertram.goto(`${local()}/#/tournaments`);
    const row = bertram.locator(`[data-testid=tournament-list] tr[data-id="${id}"]`);
    await row.waitFor({ timeout: WAIT_MS });
    // The game's name comes with the server's games, perhaps after the list.
    await expect
      .poll(() => row.locator('td').allInnerTexts())
      .toEqual([NAME, 'Swiss system', 'Klaberjass', 'registration open', '1/8', 'started by the organizer']);
    await row.getByRole('link', { name: NAME }).click();
    await bertram.getByTestId('register').click();
    await expect.poll(() => bertram.getByTestId('tournament-note').innerText()).toBe('You are registered.');
    await expect.poll(() => entrants(bertram)).toBe('2 of 8 players');
    await bertram.locator('[data-testid=tournament-players] li[data-name=Bertram]').waitFor();
    expect(await bertram.getByTestId('tournament-organizer').count()).toBe(0);
    expect(await axe(bertram)).toEqual([]);
    expect(await fits(bertram)).toBe(true);

    // Annika's page learns of him by its poll, without a reload.
    await expect.poll(() => entrants(annika), { timeout: 15_000 }).toBe('2 von 8 Spielern');

    // Bertram's open page asks again within the poll's seconds; once he has left it, it asks no more.
    const asked: string[] = [];
    bertram.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/tournaments/')) asked.push(r.url());
    });
    await expect.poll(() => asked.length, { timeout: 8_000 }).toBeGreaterThan(0);
    await bertram.goto(`${local()}/#/`);
    await bertram.getByTestId('quick').waitFor();
    asked.length = 0;
    await bertram.waitForTimeout(6_500);
    expect(asked).toEqual([]);
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await bertram.getByTestId('tournament-head').waitFor();

    await annika.getByTestId('start').click();
    await expect.poll(() => status(annika), { timeout: WAIT_MS }).toBe('läuft');
    const table = annika.locator('[data-testid=tournament-rounds] li[data-table]');
    await table.first().waitFor({ timeout: WAIT_MS });
    expect(await table.count()).toBe(1);
    expect(await table.getAttribute('data-mine')).toBe('true');
    const seats = await table
      .locator('ol.seats li')
      .evaluateAll((l) =>
        l.map((x) => `${(x as HTMLElement).dataset.name}/${(x as HTMLElement).dataset.bot}`),
      );
    expect(seats.sort()).toEqual(['Annika/false', 'Bertram/false']);
    await table.getByTestId('sit').waitFor();
    await expect
      .poll(() => annika.getByTestId('tournament-standings').innerText())
      .toMatch(/Die Tabelle steht, sobald der erste Tisch fertig ist/);
    expect(await axe(annika)).toEqual([]);
    expect(await fits(annika)).toBe(true);
    await annika.screenshot({ path: join(shots, 'tournament-phone.png'), fullPage: true });

    // Bertram's page turns to the running tournament by its poll, with his table.
    await expect.poll(() => status(bertram), { timeout: 15_000 }).toBe('running');
    await bertram.locator('[data-testid=tournament-rounds] li[data-mine=true]').getByTestId('sit').waitFor();
  }, 240_000);

  it('plays the table to its end: the standings rank both, and the table links to its replay', async () => {
    expect(id).not.toBe('');
    const sit = async (page: Page) => {
      await page.locator('[data-testid=tournament-rounds] li[data-mine=true]').getByTestId('sit').click();
      await page.locator('main.table-screen').waitFor({ timeout: WAIT_MS });
    };
    await sit(annika);
    await sit(bertram);
    const over = (page: Page) => async () =>
      (await page.locator('main.table-screen').getAttribute('data-over')) === 'true';
    await Promise.all([playUntil(annika, over(annika), 5000), playUntil(bertram, over(bertram), 5000)]);

    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(id)}`);
    await expect.poll(() => status(bertram), { timeout: WAIT_MS }).toBe('finished');
    const rows = bertram.locator('[data-testid=tournament-standings] tbody tr');
    expect(await rows.count()).toBe(2);
    const names = await rows.evaluateAll((r) => r.map((x) => (x as HTMLElement).dataset.name));
    expect(names.sort()).toEqual(['Annika', 'Bertram']);
    // Swiss: place, player, match points, Buchholz, score difference, games.
    const head = await bertram.locator('[data-testid=tournament-standings] thead th').allInnerTexts();
    expect(head).toEqual(['Place', 'Player', 'Match points', 'Buchholz', 'Score difference', 'Games']);
    const first = await rows.first().locator('td').allInnerTexts();
    expect(first[0]).toBe('1');
    const done = bertram.locator('[data-testid=tournament-rounds] li[data-table]');
    expect(await done.getAttribute('data-status')).toBe('done');
    expect(await fits(bertram)).toBe(true);
    await bertram.screenshot({ path: join(shots, 'tournament-finished-phone.png'), fullPage: true });
    await done.getByTestId('replay').click();
    await bertram.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    // The list shows it finished.
    await bertram.goto(`${local()}/#/tournaments`);
    await expect
      .poll(() => bertram.locator(`tr[data-id="${id}"]`).getAttribute('data-status'), { timeout: WAIT_MS })
      .toBe('finished');
    expect(await fits(bertram)).toBe(true);
  }, 600_000);

  it('lets into a tournament by invitation only those with its link, and the organizer cancels it', async () => {
    await annika.goto(`${local()}/#/tournaments`);
    const form = annika.getByTestId('tournament-create');
    await form.locator('input[name=name]').fill('Geschlossene Runde');
    await form.locator('input[name=visibility][value=invite]').check();
    await form.locator('select[name=format]').selectOption('differenzler');
    await form.locator('button[type=submit]').click();
    await annika.getByTestId('tournament-head').waitFor({ timeout: WAIT_MS });
    const secret = decodeURIComponent(/#\/tournaments\/([^?]+)/.exec(annika.url())![1]);
    expect(await annika.getByTestId('tournament-head').innerText()).toMatch(/nur mit Einladung/);
    const link = await annika.getByTestId('invite-link').inputValue();
    expect(link).toMatch(new RegExp(`/#/tournaments/${secret}\\?code=[\\w-]+$`));

    // Not listed for Bertram, and its address without the code finds nothing.
    await bertram.goto(`${local()}/#/tournaments`);
    await bertram.locator(`[data-testid=tournament-list] tr[data-id="${id}"]`).waitFor({ timeout: WAIT_MS });
    expect(await bertram.locator(`tr[data-id="${secret}"]`).count()).toBe(0);
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(secret)}`);
    const missing = bertram.getByTestId('tournament-error');
    await missing.waitFor({ timeout: WAIT_MS });
    expect(await missing.getAttribute('data-code')).toBe('not-found');
    expect(await missing.innerText()).toMatch(/can only be reached by invitation/);

    // With the link he sees it and registers (the code goes along).
    await bertram.goto(link.replace('127.0.0.1', 'localhost'));
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('1 of 16 players');
    await expect.poll(() => bertram.getByTestId('tournament-head').innerText()).toMatch(/by invitation only/);
    await expect
      .poll(() => bertram.getByTestId('tournament-head').innerText())
      .toMatch(/Differenzler tournament/);
    // Now he is in it: it is among his tournaments.
    await bertram.goto(`${local()}/#/tournaments`);
    await bertram.locator(`tr[data-id="${secret}"]`).waitFor({ timeout: WAIT_MS });

    // Four players are needed: the organizer's start is refused with the server's reason; then she cancels.
    await annika.getByTestId('start').click();
    const note = annika.getByTestId('tournament-note');
    await expect.poll(() => note.getAttribute('data-code')).toBe('bad-players');
    expect(await note.innerText()).toMatch(
      /^Mit dieser Spielerzahl lässt sich das Format nicht setzen\. \(.+\)$/,
    );
    annika.once('dialog', (d) => void d.accept());
    await annika.getByTestId('cancel').click();
    await expect.poll(() => status(annika), { timeout: WAIT_MS }).toBe('abgesagt');
    expect(await annika.getByTestId('start').count()).toBe(0);
  }, 180_000);

  it('lets the organizer edit it before the start in the create form, and says the server’s refusals', async () => {
    await annika.goto(`${local()}/#/tournaments`);
    const form = annika.getByTestId('tournament-create');
    await form.locator('input[name=name]').fill('Frühjahrsturnier');
    await form.locator('button[type=submit]').click();
    await annika.getByTestId('tournament-head').waitFor({ timeout: WAIT_MS });
    const spring = decodeURIComponent(/#\/tournaments\/([^?]+)/.exec(annika.url())![1]);
    expect(await annika.getByTestId('tournament-head').innerText()).toMatch(/3 Serien zu 24 Spielen/);

    // The edit form is the create form, filled with the tournament's name and settings.
    await annika.getByTestId('edit').click();
    const edit = annika.getByTestId('tournament-edit');
    await edit.waitFor();
    expect(await edit.locator('h2').innerText()).toBe('Turnier bearbeiten');
    expect(await edit.locator('input[name=name]').inputValue()).toBe('Frühjahrsturnier');
    expect(await edit.locator('select[name=format]').inputValue()).toBe('ddv');
    expect(await edit.locator('input[name=rounds]').inputValue()).toBe('3');
    expect(await edit.locator('input[name=games]').inputValue()).toBe('24');
    expect(await edit.locator('input[name=fill]').isChecked()).toBe(true);
    // A refusal of the core (games not a multiple of 4) in German, with the server's reason; nothing changed.
    await edit.locator('input[name=games]').fill('6');
    await edit.locator('button[type=submit]').click();
    const refused = edit.getByTestId('create-error');
    await expect.poll(() => refused.getAttribute('data-code')).toBe('malformed');
    expect(await refused.innerText()).toMatch(/^Die Angaben passen nicht\. \(.*multiples of 4.*\)$/);

    // Another format, game, name and size: saved, the form closes and the page shows the new settings.
    await edit.locator('input[name=name]').fill('Frühjahrsturnier (Klaberjass)');
    await edit.locator('select[name=format]').selectOption('swiss');
    await edit.locator('select[name=game]').selectOption('klaberjass');
    await edit.locator('input[name=rounds]').fill('1');
    await edit.locator('input[name=maxPlayers]').fill('8');
    await edit.locator('input[name=fill]').uncheck();
    await edit.locator('button[type=submit]').click();
    await expect
      .poll(() => annika.getByTestId('tournament-note').innerText())
      .toBe('Die Änderungen sind gespeichert.');
    expect(await edit.count()).toBe(0);
    const head = annika.getByTestId('tournament-head');
    await expect.poll(() => head.innerText()).toMatch(/Schweizer System · Klaberjass/);
    expect(await annika.getByTestId('tournament-name').innerText()).toBe('Frühjahrsturnier (Klaberjass)');
    expect(await head.innerText()).toMatch(/1 Runde: ein ganzes Spiel/);
    expect(await head.innerText()).not.toMatch(/Leere Plätze spielen Computer/);
    expect(await entrants(annika)).toBe('0 von 8 Spielern');
    expect(await rawKeys(annika)).toEqual([]);
    await annika.getByTestId('edit').click();
    expect(await edit.locator('select[name=format]').inputValue()).toBe('swiss');
    expect(await edit.locator('input[name=fill]').isChecked()).toBe(false);
    expect(await axe(annika)).toEqual([]);
    expect(await fits(annika)).toBe(true);
    await annika.screenshot({ path: join(shots, 'tournament-edit-phone.png'), fullPage: true });
    await edit.getByTestId('edit-close').click();
    expect(await edit.count()).toBe(0);

    // Bertram reads the new settings in English; he may not edit.
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(spring)}`);
    await expect
      .poll(() => bertram.getByTestId('tournament-head').innerText())
      .toMatch(/Swiss system · Klaberjass/);
    expect(await bertram.getByTestId('edit').count()).toBe(0);
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('1 of 8 players');
    expect(await rawKeys(bertram)).toEqual([]);
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('2 von 8 Spielern');

    // An edit begun in a second tab, switched to English, and saved after the start: the server's `started`.
    const tab = await h.newPage(annika.context());
    await tab.goto(`${local()}/#/tournaments/${encodeURIComponent(spring)}`);
    await tab.getByTestId('edit').click();
    await tab.getByTestId('lang').click();
    const late = tab.getByTestId('tournament-edit');
    await expect.poll(() => late.locator('h2').innerText()).toBe('Edit the tournament');
    await late.locator('input[name=rounds]').fill('2');
    await annika.getByTestId('start').click();
    await expect.poll(() => status(annika), { timeout: WAIT_MS }).toBe('läuft');
    await late.locator('button[type=submit]').click();
    const after = late.getByTestId('create-error');
    await expect.poll(() => after.getAttribute('data-code')).toBe('started');
    expect(await after.innerText()).toBe(
      'The tournament has started already. (a tournament cannot be edited after its start)',
    );
    // The page asks again on a refusal: it shows the tournament running, without the organizer's buttons.
    await expect.poll(() => tab.getByTestId('tournament-status').innerText()).toBe('running');
    expect(await tab.getByTestId('edit').count()).toBe(0);
    expect(await rawKeys(tab)).toEqual([]);
    await tab.screenshot({ path: join(shots, 'tournament-edit-refused-phone.png'), fullPage: true });
    await late.getByTestId('edit-close').click();
    expect(await late.count()).toBe(0);
    // The field stays as it was started: one round.
    expect(await tab.getByTestId('tournament-head').innerText()).toMatch(/1 round: one whole match/);
    await tab.evaluate(() => localStorage.setItem('stich.lang', 'de'));
    await tab.close();
  }, 180_000);

  it('fills a field of two with computer entrants at the start, marked at the table and in the field', async () => {
    await annika.goto(`${local()}/#/tournaments`);
    const form = annika.getByTestId('tournament-create');
    await form.locator('input[name=name]').fill('Differenzler mit Computern');
    await form.locator('select[name=format]').selectOption('differenzler');
    expect(await form.locator('input[name=fill]').isChecked()).toBe(true);
    await form.locator('input[name=rounds]').fill('1');
    await form.locator('button[type=submit]').click();
    await annika.getByTestId('tournament-head').waitFor({ timeout: WAIT_MS });
    const filled = decodeURIComponent(/#\/tournaments\/([^?]+)/.exec(annika.url())![1]);
    await annika.getByTestId('register').click();
    await expect.poll(() => entrants(annika)).toBe('1 von 16 Spielern');
    await bertram.goto(`${local()}/#/tournaments/${encodeURIComponent(filled)}`);
    await bertram.getByTestId('register').click();
    await expect.poll(() => entrants(bertram)).toBe('2 of 16 players');
    await expect.poll(() => entrants(annika), { timeout: 15_000 }).toBe('2 von 16 Spielern');

    await annika.getByTestId('start').click();
    await expect.poll(() => status(annika), { timeout: WAIT_MS }).toBe('läuft');
    const table = annika.locator('[data-testid=tournament-rounds] li[data-table]');
    await table.first().waitFor({ timeout: WAIT_MS });
    expect(await table.count()).toBe(1);
    const seats = await table
      .locator('ol.seats li')
      .evaluateAll((l) => l.map((x) => (x as HTMLElement).dataset.bot));
    expect(seats.filter((b) => b === 'true')).toHaveLength(2);
    expect(await table.locator('ol.seats li[data-bot=true] .tag.bot').allInnerTexts()).toEqual([
      'Computer',
      'Computer',
    ]);
    // In the field: two computer entrants, tagged and not linked to a profile.
    const field = annika.locator('[data-testid=tournament-players] li');
    await expect.poll(() => field.count()).toBe(4);
    expect(await annika.locator('[data-testid=tournament-players] li[data-bot=true]').count()).toBe(2);
    expect(await annika.locator('[data-testid=tournament-players] li[data-bot=true] a').count()).toBe(0);
    expect(await table.getAttribute('data-mine')).toBe('true');
  }, 120_000);
});
