/**
 * Around the table, in Chromium against the real server (setup in harness.ts): the game chooser of
 * "Gegen den Computer spielen", "Meine Tische", leaving a running table, joining by link with a name,
 * a full table, the create dialog's keyboard, and what tells two open tables apart in the lobby (replays of
 * finished matches and record files: replay.test.ts).
 */
import { join } from 'node:path';
import { type AnyGame, GAME_IDS, GAME_META, unwrap } from '@stich/engine';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import { TABLE_GAMES } from '../../server/src/games.ts';
import { hash, secret } from '../../server/src/store.ts';
import {
  attr,
  chromiumPath,
  harness,
  openAs,
  openAtStep,
  playTo,
  playUntil,
  shots,
  storeTable,
  WAIT_MS,
} from './harness.ts';

// The games the server seats people at (it lists them in GET /api/games).
const registered = TABLE_GAMES.flatMap((id) => GAME_META[id] ?? []);
registered.sort((a, b) => GAME_IDS.indexOf(a.id) - GAME_IDS.indexOf(b.id));

describe.skipIf(!chromiumPath)('around the table in Chromium', () => {
  // Quick games for every game and count come from one guest: the open-table limits out of the way.
  const h = harness({ OPEN_TABLES: '100', TABLES_PER_HOUR: '1000' });

  const lobby = async (name?: string): Promise<Page> => {
    const page = await h.newPage();
    await page.goto(h.base);
    await page.getByTestId('quick-choice').waitFor();
    if (name) await page.getByLabel(/Dein Name/).fill(name);
    return page;
  };

  it('offers "Gegen den Computer spielen" for every game and player count, with a line on each game, and remembers the choice', async () => {
    const page = await lobby('Anna');
    const offered = await page
      .locator('input[name=quick-game]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(offered).toEqual(registered.map((g) => g.id));
    for (const g of registered) {
      const row = page.locator(`.quick-game[data-game="${g.id}"]`);
      if (g.summary) expect(await row.locator('small').textContent()).toBe(g.summary.de);
      for (const n of g.players) {
        await row.locator('input[name=quick-game]').check();
        if (g.players.length > 1) await row.locator(`button[data-players="${n}"]`).click();
        expect(await page.getByTestId('quick-hint').textContent()).toContain(`${g.name.de} zu ${n}`);
        await page.getByTestId('quick').click();
        await page.locator('.table[data-game]').waitFor({ timeout: WAIT_MS });
        expect(await page.locator('.table').getAttribute('data-game')).toBe(g.id);
        expect(await page.locator('.opp').count()).toBe(n - 1);
        expect(await attr(page, 'data-seat')).toBe('0');
        // Back to the lobby (a running match asks first).
        await page.getByTestId('leave').click();
        await page.getByTestId('leave-anyway').click();
        await page.getByTestId('quick-choice').waitFor();
      }
    }
    // The last choice is remembered across a reload.
    const last = registered[registered.length - 1];
    await page.reload();
    await page.getByTestId('quick-choice').waitFor();
    expect(await page.locator(`input[name=quick-game][value="${last.id}"]`).isChecked()).toBe(true);
    await page.context().close();
  }, 240_000);

  it("quick play takes the preset and the computers' strength; \"Tisch eröffnen\" opens with the lobby's game; the lobby's rules mark a preset, not a table", async () => {
    // Every game has its line, Doppelkopf too.
    for (const g of registered) expect(g.summary?.de, g.id).toBeTruthy();
    const page = await h.newPage(undefined, { width: 390, height: 844 });
    await page.goto(h.base);
    await page.getByTestId('quick-choice').waitFor();
    await page.getByLabel(/Dein Name/).fill('Anna');
    await page.locator('input[name=quick-game][value="doppelkopf"]').check();
    const dk = registered.find((g) => g.id === 'doppelkopf')!;
    expect(await page.locator('.quick-game[data-game="doppelkopf"] small').textContent()).toBe(
      dk.summary!.de,
    );
    const presets = page.getByTestId('quick-preset');
    expect(
      await presets.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(dk.presets.map((p) => p.id));
    await presets.locator('input[value="house"]').check();
    // Each strength says in one line what it is.
    const levels = page.getByTestId('quick-level');
    const hints = await levels.locator('small').allTextContents();
    expect(hints).toHaveLength(3);
    for (const x of hints) expect(x.length).toBeGreaterThan(10);
    await levels.locator('input[value="rule"]').check();
    expect(await page.getByTestId('quick-hint').textContent()).toContain('Regelbasiert');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(shots, 'lobby-quick-phone.png'), fullPage: true });

    // The lobby's rules mark the chosen preset as the preset, not as a table's choice.
    await page.locator('.quick-game[data-game="doppelkopf"] [data-testid=rules-button]').click();
    const dlg = page.getByTestId('rules');
    expect(await dlg.locator('[data-preset="house"]').getAttribute('data-chosen')).toBe('true');
    expect(await dlg.textContent()).not.toContain('an diesem Tisch');
    expect(await dlg.textContent()).toContain('Voreinstellung');
    await page.keyboard.press('Escape');

    await page.getByTestId('quick').click();
    await page.locator('.table[data-game="doppelkopf"]').waitFor({ timeout: WAIT_MS });
    const id = /#\/t\/([^?]+)/.exec(page.url())![1];
    const token = await page.evaluate(() => localStorage.getItem('stich.token'));
    const res = await fetch(`${h.base}/api/tables/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const info = (await res.json()) as {
      table: { preset: string; seats: { kind: string; level: string }[] };
    };
    expect(info.table.preset).toBe('house');
    expect(info.table.seats.filter((x) => x.kind === 'bot').map((x) => x.level)).toEqual([
      'rule',
      'rule',
      'rule',
    ]);
    await page.getByTestId('leave').click();
    await page.getByTestId('leave-anyway').click();
    // "Tisch eröffnen" opens with the game chosen in the lobby; the choice is remembered.
    await page.getByTestId('create').click();
    expect(await page.locator('select[name=game]').inputValue()).toBe('doppelkopf');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('quick-choice').waitFor();
    expect(await page.locator('input[name=quick-preset][value="house"]').isChecked()).toBe(true);
    expect(await page.locator('input[name=quick-level][value="rule"]').isChecked()).toBe(true);
    // English: the lines on the strengths too.
    await page.getByTestId('lang').click();
    expect(await page.getByTestId('quick-level').locator('small').first().textContent()).toContain(
      'legal card',
    );
    await page.context().close();
  }, 120_000);

  it('lists "Meine Tische" in the lobby and takes the player back; leaving a running table asks first', async () => {
    const page = await lobby('Anna');
    await page.locator('input[name=quick-game][value="klapperjas"]').check();
    await page.locator('.quick-game[data-game="klapperjas"] button[data-players="4"]').click();
    await page.getByTestId('quick').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    const tableUrl = page.url();
    const id = /#\/t\/([^?]+)/.exec(tableUrl)![1];
    const hand = await page
      .locator('.hand button.card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));

    // Leaving asks; Escape (or "Am Tisch bleiben") keeps the player at the table with focus on the button.
    await page.getByTestId('leave').click();
    await page.getByTestId('leave-confirm').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('leave-confirm').count()).toBe(0);
    expect(page.url()).toBe(tableUrl);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('leave');
    await page.getByTestId('leave').click();
    await page.getByTestId('stay').click();
    expect(page.url()).toBe(tableUrl);
    await page.getByTestId('leave').click();
    await page.getByTestId('leave-anyway').click();

    const mine = page.getByTestId('my-tables');
    await mine.waitFor();
    const row = mine.locator(`li[data-table="${id}"]`);
    expect(await row.getAttribute('data-status')).toBe('playing');
    expect(await row.textContent()).toContain('Klapper-Jas');
    expect(await row.textContent()).toContain('Du');
    // The row tells this match from another: its preset, when it was opened, how far it has come.
    const kj = registered.find((g) => g.id === 'klapperjas')!;
    if (kj.presets.length > 1)
      expect(await row.getByTestId('facts-preset').textContent()).toBe(kj.presets[0].name.de);
    expect(await row.locator('time').count()).toBe(1);
    expect(await row.getByTestId('facts-progress').textContent()).toMatch(/^Spiel \d+$/);
    await mine.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'my-tables.png'), fullPage: true });
    await row.getByRole('button').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await attr(page, 'data-seat')).toBe('0');
    const back = await page
      .locator('.hand button.card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    // The same seat and hand (a bot may not play for him within the grace period). Compared as sets: the
    // hand is drawn in the trump order, which the bidding may have fixed while he was away.
    expect([...back].sort()).toEqual([...hand].sort());
    await page.context().close();
  }, 120_000);

  it('joining by link asks for a name; an empty seat shows "frei"; a full table offers Zuschauen', async () => {
    const a = await lobby('Anna');
    await a.getByTestId('create').click();
    await a.locator('select[name=players]').selectOption('2');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.getByTestId('create-submit').click();
    const link = await a.getByTestId('invite-link').inputValue();
    // While the seat waits for its player it is free, not a dropped player.
    const opp = a.locator('.opp[data-seat="1"]');
    await opp.waitFor({ timeout: WAIT_MS });
    expect(await opp.locator('.opp-name').textContent()).toContain('frei');
    expect(await opp.locator('.tag.warn').count()).toBe(0);

    const b = await h.newPage();
    await b.goto(link);
    const gate = b.getByTestId('name-gate');
    await gate.waitFor();
    // The prompt says which game and who invites.
    await expect
      .poll(
        () =>
          gate
            .getByTestId('invited-by')
            .textContent()
            .catch(() => ''),
        { timeout: WAIT_MS },
      )
      .toMatch(/^Anna lädt dich zu Klapper-Jas ein\.$/);
    // Focus is in the name field, so typing and Enter is all it takes.
    await b.keyboard.type('Bruno');
    await b.keyboard.press('Enter');
    await b.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    await expect.poll(() => opp.locator('.opp-name').textContent(), { timeout: 10_000 }).toContain('Bruno');
    expect(await a.locator('.opp-name', { hasText: 'frei' }).count()).toBe(0);

    const c = await h.newPage();
    await c.goto(link);
    // A full table says so before it asks for a name.
    await c.getByTestId('table-full').waitFor({ timeout: WAIT_MS });
    expect(await c.getByTestId('name-gate').count()).toBe(0);
    const body = (await c.locator('body').textContent()) ?? '';
    expect(body).not.toContain('seat-taken');
    expect(body).not.toContain('Keine Verbindung');
    expect(await c.locator('.banner').count()).toBe(0);
    await c.getByTestId('watch').click();
    await expect.poll(() => attr(c, 'data-status'), { timeout: WAIT_MS }).toBe('open');
    expect(await attr(c, 'data-seat')).toBe('');
    expect(await c.locator('.hand button.card').count()).toBe(0);
    for (const p of [a, b, c]) await p.context().close();
  }, 120_000);

  it('the create dialog takes the focus, keeps Tab inside and closes with Escape', async () => {
    const page = await lobby();
    await page.getByTestId('create').click();
    const inside = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('.modal [role], .modal .dialog')));
    expect(await inside()).toBe(true);
    const count = await page
      .locator('.modal .dialog')
      .evaluate(
        (d) =>
          d.querySelectorAll('button:not([disabled]), input:not([disabled]), select:not([disabled]), summary')
            .length,
      );
    for (let i = 0; i < count + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `after ${i + 1} Tab`).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.locator('.modal').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('create');
    await page.context().close();
  });

  it("the match begins with a notice once every seat is taken; a dropped player's seat counts down to the computer; Revanche seats everyone again", async () => {
    const a = await lobby('Anna');
    await a.getByTestId('create').click();
    await a.locator('select[name=game]').selectOption('klaberjass');
    await a.locator('details summary').click();
    await a.locator('.opt', { hasText: 'Partie bis' }).locator('input').fill('1');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.getByTestId('create-submit').click();
    const link = await a.getByTestId('invite-link').inputValue();
    const tableUrl = a.url();
    const b = await h.newPage();
    await b.goto(link);
    await b.getByTestId('name-gate').getByRole('textbox').fill('Bruno');
    await b.getByTestId('name-gate').getByRole('button').click();
    // Anna saw the seat taken and the match begin.
    await a.getByTestId('starting').waitFor({ timeout: WAIT_MS });
    await b.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    const bUrl = b.url();

    // Bruno's tab closes: his seat shows the seconds until a computer plays it (GRACE_SECONDS 30).
    const ctx = b.context();
    await b.close();
    const note = a.locator('.opp[data-seat="1"] [data-testid=takeover]');
    await note.waitFor({ timeout: 10_000 });
    const secs = async () => Number(/(\d+) s/.exec((await note.textContent()) ?? '')?.[1]);
    const first = await secs();
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(secs, { timeout: 5000 }).toBeLessThan(first);
    // He comes back: the countdown is gone.
    const b2 = await h.newPage(ctx);
    await b2.goto(bUrl);
    await b2.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    await expect.poll(() => note.count(), { timeout: 10_000 }).toBe(0);

    // They play the match to its end, and both ask for the rematch: the same new table, the same seats.
    const over = (p: Page) => async () => (await attr(p, 'data-over')) === 'true';
    await Promise.all([playUntil(a, over(a)), playUntil(b2, over(b2))]);
    await a.getByTestId('rematch').click();
    await a.waitForURL((u) => !u.href.startsWith(tableUrl));
    // Anna waits at the rematch: Bruno's seat is asked, not a player who dropped out; she may start without him.
    const bSeat = a.locator('.opp[data-seat="1"]');
    await bSeat.getByTestId('invited').waitFor({ timeout: WAIT_MS });
    expect(await bSeat.locator('.tag.warn').count()).toBe(0);
    await a.getByTestId('host-start').waitFor();
    // Bruno is asked where he is, and sees who has accepted.
    const asked = b2.getByTestId('rematch-asked');
    await asked.waitFor({ timeout: WAIT_MS });
    expect(await asked.textContent()).toContain('Anna möchte eine Revanche');
    expect(await asked.locator('li[data-seat="0"]').getAttribute('data-accepted')).toBe('true');
    expect(await asked.locator('li[data-seat="1"]').getAttribute('data-accepted')).toBe('false');
    expect(await b2.getByTestId('rematch').textContent()).toBe('Revanche annehmen');
    await a.screenshot({ path: join(shots, 'rematch-waiting.png') });
    await b2.screenshot({ path: join(shots, 'rematch-asked.png') });
    // The match has not begun without him.
    expect(await a.locator('.hand button.card').count()).toBe(0);
    await b2.getByTestId('rematch').click();
    await b2.waitForURL((u) => u.hash.startsWith('#/t/') && !u.href.startsWith(bUrl));
    const idOf = (u: string) => /#\/t\/([^?]+)/.exec(u)![1];
    expect(idOf(b2.url())).toBe(idOf(a.url()));
    expect(idOf(a.url())).not.toBe(idOf(tableUrl));
    await a.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    await b2.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await attr(a, 'data-seat')).toBe('0');
    expect(await attr(b2, 'data-seat')).toBe('1');
    expect(await a.locator('.opp[data-seat="1"] .opp-name').textContent()).toContain('Bruno');

    // The finished match, stored again as a table no process holds (as after a restart): its address
    // (on a phone) shows the result, the replay and Revanche, not a failed join ("room … not found").
    const store = context().store;
    const oldId = idOf(tableUrl);
    const row = (await store.table(oldId))!;
    const anna = (await store.holders(oldId)).find((x) => x.seat === 0)!;
    const copy = secret(9);
    const seatToken = secret(24);
    await store.createTable(
      { ...row, id: copy, invite: null, status: 'over', createdAt: new Date().toISOString() },
      [
        { seat: 0, playerId: anna.playerId, name: 'Anna', tokenHash: hash(seatToken) },
        { ...(await store.holders(oldId)).find((x) => x.seat === 1)!, tokenHash: hash(secret(24)) },
      ],
    );
    await store.append(copy, await store.steps(oldId));
    const phone = await h.newPage(undefined, { width: 390, height: 844 });
    const annaToken = await a.evaluate(() => localStorage.getItem('stich.token'));
    await openAs(h, phone, copy, { seat: 0, name: 'Anna', token: annaToken!, seatToken });
    const done = phone.getByTestId('finished');
    await done.waitFor({ timeout: WAIT_MS });
    const standings = done.getByTestId('standings');
    await standings.waitFor({ timeout: WAIT_MS });
    expect(await standings.locator('tr').count()).toBe(2);
    expect(await standings.textContent()).toContain('Du');
    expect(await standings.locator('tr[data-won=true]').count()).toBeGreaterThan(0);
    expect(await done.getByTestId('rematch').textContent()).toBe('Revanche');
    expect(await phone.locator('body').textContent()).not.toMatch(/not found|Fehler/);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(shots, 'finished-phone.png'), fullPage: true });
    await phone.getByTestId('lang').click();
    expect(await done.getByTestId('rematch').textContent()).toBe('Rematch');
    await done.getByTestId('replay').click();
    await phone.waitForURL((u) => u.hash.startsWith('#/replay/'));
    await phone.context().close();
    await a.context().close();
    await ctx.close();
  }, 180_000);

  it("shows each game's rules (Regeln) from the engine's description, with the table's choices marked, in German and English", async () => {
    const page = await lobby('Anna');
    for (const g of registered) {
      await page.locator(`.quick-game[data-game="${g.id}"] [data-testid=rules-button]`).click();
      const dlg = page.getByTestId('rules');
      await dlg.waitFor();
      expect(await dlg.getAttribute('data-game')).toBe(g.id);
      expect(await dlg.locator('h2').textContent()).toBe(`Regeln: ${g.name.de}`);
      const keys = await dlg
        .locator('[data-option]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-option')));
      expect(keys).toEqual(g.options.map((o) => o.key));
      // Without a table: the first preset's values are the marked ones.
      const preset = g.presets[0];
      expect(await dlg.locator(`[data-preset="${preset.id}"]`).getAttribute('data-chosen')).toBe('true');
      for (const o of g.options) {
        const chosen = await dlg
          .locator(`[data-option="${o.key}"] [data-chosen=true]`)
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
        expect(chosen, `${g.id} ${o.key}`).toEqual([String(preset.options[o.key])]);
        expect(await dlg.locator(`[data-option="${o.key}"] dt`).textContent()).toBe(o.name.de);
      }
      await page.keyboard.press('Escape');
      expect(await dlg.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'rules-button',
      );
    }
    // A table with an option of its own: its rules mark that value; the rulebook is there too.
    const kj = registered.find((g) => g.id === 'klapperjas')!;
    const belle = kj.options.find((o) => o.key === 'belleNeedsTrick')!;
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('klapperjas');
    await page.locator('details summary').click();
    await page.locator(`.opt [aria-label="${belle.name.de}"]`).selectOption('true');
    await page.getByTestId('create-submit').click();
    await page.locator('.table[data-game]').waitFor({ timeout: WAIT_MS });
    await page.locator('.topbar [data-testid=rules-button]').click();
    const dlg = page.getByTestId('rules');
    expect(
      await dlg.locator('[data-option="belleNeedsTrick"] [data-chosen=true]').getAttribute('data-value'),
    ).toBe('true');
    // The players' rulebook above the settings, in the interface language.
    const book = dlg.getByTestId('rulebook');
    await book.waitFor();
    expect(await book.textContent()).toContain('Orgi, Kleines, besser');
    // English as a switch: the engine's English texts.
    await page.keyboard.press('Escape');
    await page.getByTestId('lang').click();
    await page.locator('.topbar [data-testid=rules-button]').click();
    expect(await dlg.locator('h2').textContent()).toBe(`Rules: ${kj.name.en}`);
    expect(await dlg.locator('[data-option="belleNeedsTrick"] dt').textContent()).toBe(belle.name.en);
    await page.context().close();
  }, 120_000);

  it('the host starts the match before the invited seat is taken; a computer plays that seat', async () => {
    const a = await lobby('Anna');
    await a.getByTestId('create').click();
    await a.locator('select[name=players]').selectOption('2');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.getByTestId('create-submit').click();
    const link = await a.getByTestId('invite-link').inputValue();
    // Someone who only follows the link is no host.
    const b = await h.newPage();
    await b.goto(link);
    await b.getByTestId('name-gate').getByRole('textbox').fill('Bruno');
    await b.getByTestId('name-gate').getByRole('button').click();
    await b.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await b.getByTestId('host-start').count()).toBe(0);
    await b.context().close();

    // A second table: nobody comes, the host starts it.
    await a.goto(h.base);
    await a.getByTestId('create').click();
    await a.locator('select[name=players]').selectOption('2');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.getByTestId('create-submit').click();
    await a.getByTestId('host-start').click();
    await a.getByTestId('starting').waitFor({ timeout: WAIT_MS });
    await a.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await a.getByTestId('host-start').count()).toBe(0);
    expect(await a.locator('.opp[data-seat="1"] .opp-name').textContent()).toContain('Computer');
    await a.context().close();
  }, 120_000);

  it('"Offene Tische" tells two public matches apart: the preset, when opened, "Spiel N von M" and the score by seat, which follow a finished deal', async () => {
    const dk = registered.find((g) => g.id === 'doppelkopf')!;
    const presetName = (id: string) => dk.presets.find((p) => p.id === id)!.name.de;
    const outcome = (g: AnyGame, s: unknown) =>
      g.outcome(s as never) as { deals: readonly unknown[]; scores: readonly number[] };
    // Table A (DDV rules, 3 games): the first deal's last trick, Anna to play its fourth and last card.
    const ddv = { players: 4, preset: 'ddv', options: { games: 3, pflichtsolo: false } };
    let scoresA: readonly number[] = [];
    const a = playTo('doppelkopf', ddv, (v, legal, g, s) => {
      const trick = v.trick as { cards: unknown[] } | null;
      if (outcome(g, s).deals.length > 0 || v.phase !== 'play') return false;
      if ((v.handCounts as number[])[0] !== 1 || trick?.cards.length !== 3) return false;
      scoresA = outcome(g, unwrap(g.apply(s, 0, legal.find((x) => x.t === 'play')!))).scores;
      return true;
    });
    // Table B (house rules, 4 games), opened two hours before: in its second deal, Bruno to act.
    const house = { players: 4, preset: 'house', options: { games: 4, pflichtsolo: false } };
    let scoresB: readonly number[] = [];
    const b = playTo('doppelkopf', house, (v, _legal, g, s) => {
      if (outcome(g, s).deals.length !== 1 || v.phase !== 'play') return false;
      scoresB = outcome(g, s).scores;
      return true;
    });
    const openedB = new Date(Date.now() - 2 * 3600_000).toISOString();
    const tableA = await storeTable('doppelkopf', ddv, 0, a.steps, [{ seat: 0, name: 'Anna' }]);
    const tableB = await storeTable(
      'doppelkopf',
      house,
      0,
      b.steps,
      [{ seat: 0, name: 'Bruno' }],
      'random',
      openedB,
    );
    // Both people at their tables, each to act: neither match moves without them.
    const anna = await h.newPage();
    await openAtStep(h, anna, tableA.table, tableA.people[0], a.steps.length);
    const bruno = await h.newPage();
    await openAtStep(h, bruno, tableB.table, tableB.people[0], b.steps.length);

    const page = await lobby();
    const open = page.locator('section', { has: page.getByRole('heading', { name: 'Offene Tische' }) });
    const rowA = open.locator(`li[data-table="${tableA.table}"]`);
    const rowB = open.locator(`li[data-table="${tableB.table}"]`);
    await rowA.waitFor({ timeout: WAIT_MS });
    await rowB.waitFor({ timeout: WAIT_MS });
    // A row's facts as shown: the preset, when the table was opened (as written and as meant), the progress
    // and the score by seat (null: none shown).
    const facts = (row: Locator) =>
      row.getByTestId('facts').evaluate((f) => {
        const text = (id: string) => f.querySelector(`[data-testid=${id}]`)?.textContent ?? null;
        const time = f.querySelector('time');
        return {
          preset: text('facts-preset'),
          opened: [time?.getAttribute('datetime'), time?.textContent],
          progress: text('facts-progress'),
          score: text('facts-score'),
        };
      });
    const opened = async (iso: string) => [
      iso,
      await page.evaluate(
        (d) => new Date(d).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short' }),
        iso,
      ),
    ];
    const score = (name: string, scores: readonly number[]) =>
      scores.map((x, i) => `${i === 0 ? name : `Computer ${i + 1}`} ${x}`).join(' · ');
    const createdA = (await context().store.table(tableA.table))!.createdAt;
    const before = {
      preset: presetName('ddv'),
      opened: await opened(createdA),
      progress: 'Spiel 1 von 3',
      score: null,
    };
    const b2 = {
      preset: presetName('house'),
      opened: await opened(openedB),
      progress: 'Spiel 2 von 4',
      score: score('Bruno', scoresB),
    };
    expect(await facts(rowA)).toEqual(before);
    expect(await facts(rowB)).toEqual(b2);
    expect(before.opened[1]).not.toBe(b2.opened[1]);

    // Anna plays the first deal's last card: A's row follows, with the next deal begun; B's stays.
    await anna.locator('.hand button.card[data-legal=true]').click();
    await expect.poll(() => attr(anna, 'data-deals'), { timeout: WAIT_MS }).toBe('1');
    await expect
      .poll(() => facts(rowA), { timeout: 15_000 })
      .toEqual({ ...before, progress: 'Spiel 2 von 3', score: score('Anna', scoresA) });
    expect(await facts(rowB)).toEqual(b2);
    for (const p of [page, anna, bruno]) await p.context().close();
  }, 120_000);
});
