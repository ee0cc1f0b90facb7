/**
 * The web client in a real browser against a real server: Debian's Chromium driven by playwright-core,
 * the server serving the built client (setup in harness.ts).
 */
import { join } from 'node:path';
import { GAME_IDS, GAME_META } from '@stich/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_GAMES } from '../../server/src/games.ts';
import { attr, chromiumPath, harness, playUntil, shots, stats, WAIT_MS } from './harness.ts';

/** The games the server describes (GET /api/games serves exactly these, server test match.test.ts). */
// The games the server seats people at (it lists them in GET /api/games).
const registered = TABLE_GAMES.flatMap((id) => GAME_META[id] ?? []);
registered.sort((a, b) => GAME_IDS.indexOf(a.id) - GAME_IDS.indexOf(b.id));

describe.skipIf(!chromiumPath)('web client in Chromium', () => {
  const h = harness();
  const { figures, cspViolations } = h;
  const newPage: typeof h.newPage = (...a) => h.newPage(...a);

  afterAll(() => {
    const waits = stats.waits.sort((a, b) => a - b);
    figures.clicks = waits.length;
    figures.idlePolls = stats.idle;
    figures.clickTotalMs = Math.round(stats.clickMs.reduce((a, b) => a + b, 0));
    figures.answerMedianMs = Math.round(waits[waits.length >> 1] ?? 0);
    figures.answerMaxMs = Math.round(waits[waits.length - 1] ?? 0);
    console.log('web figures', JSON.stringify(figures));
  });

  it('plays a whole 4-player Klapper-Jas match against three bots by clicking, then replays it', async () => {
    const page = await newPage();
    await page.goto(h.base);
    await page.getByTestId('create').click();
    // Random-level bots keep the test fast; the quick button with the default bots is covered below.
    for (const seat of [1, 2, 3])
      await page.locator(`.seat-row[data-seat="${seat}"] select`).nth(1).selectOption('random');
    await page.getByTestId('create-submit').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.hand button.card').count()).toBe(8);
    expect(await page.locator('.opp').count()).toBe(3);
    await page.screenshot({ path: join(shots, 'table-desktop.png') });

    const steps = await playUntil(page, async () => (await attr(page, 'data-over')) === 'true', 4000);
    figures.matchClicks = steps;
    await page.getByTestId('match-over').waitFor();
    expect(Number(await attr(page, 'data-deals'))).toBeGreaterThan(0);

    // Scores: dice and the per-deal breakdown.
    await page.getByTestId('scores-tab').click();
    await expect.poll(() => page.locator('.party-die').count()).toBe(2);
    const points = await page
      .locator('.party-die')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-points'))));
    expect(Math.max(...points)).toBeGreaterThanOrEqual(12);
    await page.screenshot({ path: join(shots, 'scores-desktop.png'), fullPage: true });

    // The record downloads as a stich-record.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download').click(),
    ]);
    const file = join(h.tmp, 'match.json');
    await download.saveAs(file);
    const record = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8'));
    expect(record.format).toBe('stich-record');
    expect(record.game).toBe('klapperjas');
    expect(record.actions.length).toBeGreaterThan(32);

    // Replay step by step.
    await page.getByTestId('replay').click();
    await page.getByTestId('replay-bar').waitFor();
    const first = await page.getByTestId('replay-step').textContent();
    await page.getByTestId('replay-next').click();
    expect(await page.getByTestId('replay-step').textContent()).not.toBe(first);
    await page.context().close();
  }, 300_000);

  it('two players meet at a private table through its link and play a deal', async () => {
    const a = await newPage();
    await a.goto(h.base);
    await a.getByLabel(/Dein Name/).fill('Anna');
    await a.getByTestId('create').click();
    await a.locator('select[name=players]').selectOption('2');
    await a.locator('.seat-row[data-seat="1"] select').first().selectOption('human');
    await a.screenshot({ path: join(shots, 'create-dialog.png') });
    await a.getByTestId('create-submit').click();
    const link = await a.getByTestId('invite-link').inputValue();
    expect(link).toMatch(/\/join\//);

    const b = await newPage(undefined, { width: 390, height: 844 });
    b.on('console', (m) => console.log('B:', m.type(), m.text()));
    await b.goto(link);
    // Joining by link asks for the name first.
    await b.getByTestId('name-gate').getByRole('textbox').fill('Bruno');
    await b.getByTestId('name-gate').getByRole('button').click();
    await b
      .locator('.hand button.card')
      .first()
      .waitFor({ timeout: WAIT_MS })
      .catch(async (e) => {
        console.log('B page:', b.url(), await b.locator('body').textContent());
        console.log('A page:', a.url(), await a.locator('body').textContent());
        throw e;
      });
    await a.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    await b.screenshot({ path: join(shots, 'table-phone.png') });
    expect(await a.locator('.opp').count()).toBe(1);

    const dealt = async () => Number(await attr(a, 'data-deals')) >= 1;
    await Promise.all([playUntil(a, dealt), playUntil(b, dealt)]);
    expect(Number(await attr(b, 'data-deals'))).toBe(1);
    await a.context().close();
    await b.context().close();
  }, 180_000);

  it('comes back after a reload and after a network loss in the middle of a deal', async () => {
    const page = await newPage();
    await page.goto(h.base);
    await page.getByTestId('quick').waitFor();
    const loadedAt = await page.evaluate(() => performance.now());
    const clickAt = await page.evaluate(() => performance.now());
    await page.getByTestId('quick').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    const dealtAt = await page.evaluate(() => performance.now());
    // performance.now() counts from the start of navigation: page load to a dealt hand against bots.
    figures.pageLoadToDealtHandMs = Math.round(dealtAt);
    figures.clickToDealtHandMs = Math.round(dealtAt - clickAt);
    figures.lobbyReadyMs = Math.round(loadedAt);
    expect(await page.locator('.hand button.card').count()).toBe(8);
    // Play into the deal: until cards are on the table.
    await playUntil(
      page,
      async () =>
        (await attr(page, 'data-phase')) === 'play' && (await page.locator('.hand button.card').count()) <= 6,
    );
    const before = await page
      .locator('.hand button.card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    const url = page.url();
    await page.reload();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(page.url()).toBe(url);
    const after = await page
      .locator('.hand button.card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(after).toEqual(before);
    expect(await attr(page, 'data-seat')).toBe('0');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'table-phone-4.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A dropped socket: the banner shows, then the table is back.
    await page.evaluate(() =>
      (window as unknown as { stichConn: { dropForTest(): void } }).stichConn.dropForTest(),
    );
    await expect.poll(() => attr(page, 'data-status'), { timeout: WAIT_MS }).toBe('open');
    // And play goes on: the next card of ours reaches the table.
    const left = await page.locator('.hand button.card').count();
    await playUntil(
      page,
      async () =>
        (await page.locator('.hand button.card').count()) < left ||
        Number(await attr(page, 'data-deals')) > 0,
    );
    await page.context().close();
  }, 180_000);

  it('builds the create dialog from GET /api/games: every game, player count, preset and option', async () => {
    const page = await newPage();
    await page.goto(h.base);
    await page.getByTestId('create').click();
    const select = page.locator('select[name=game]');
    const offered = await select
      .locator('option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('value')));
    expect(offered).toEqual(registered.map((g) => g.id));
    for (const g of registered) {
      await select.selectOption(g.id);
      const players = await page
        .locator('select[name=players] option')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('value'))));
      expect(players).toEqual(g.players);
      const presets = await page
        .locator('input[name=preset]')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(presets).toEqual(g.presets.map((p) => p.id));
      expect(await page.locator('.opt').count()).toBe(g.options.length);
      for (const p of g.presets) {
        await page.locator(`input[name=preset][value="${p.id}"]`).check();
        for (const o of g.options) {
          const field = page.locator(`.opt [aria-label="${o.name.de}"]`);
          if (o.kind === 'integer') {
            expect(await field.getAttribute('min')).toBe(String(o.min));
            expect(await field.getAttribute('max')).toBe(String(o.max));
          } else {
            const values = await field
              .locator('option')
              .evaluateAll((els) => els.map((e) => e.getAttribute('value')));
            expect(values).toEqual(o.values.map((v) => String(v.value)));
          }
          // The field shows the preset's value.
          expect(await field.inputValue()).toBe(String(p.options[o.key]));
        }
      }
    }
    // A boolean option goes to the server as a boolean: the table is created with it.
    await select.selectOption('klapperjas');
    await page.locator('details summary').click();
    const belle = registered
      .find((g) => g.id === 'klapperjas')
      ?.options.find((o) => o.key === 'belleNeedsTrick');
    if (belle) {
      await page.locator(`.opt [aria-label="${belle.name.de}"]`).selectOption('true');
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/tables') && r.request().method() === 'POST',
      );
      await page.getByTestId('create-submit').click();
      const body = (await (await created).json()) as { table: { options: Record<string, unknown> } };
      expect(body.table.options.belleNeedsTrick).toBe(true);
    }
    await page.context().close();
  }, 120_000);

  it('plays a Klaberjass match against a bot: the typed view draws the turned card, the hand in the engine order and the scores', async () => {
    const page = await newPage();
    await page.goto(h.base);
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('klaberjass');
    await page.locator('details summary').click();
    await page.locator('.opt', { hasText: 'Partie bis' }).locator('input').fill('1');
    await page.locator('.seat-row[data-seat="1"] select').nth(1).selectOption('random');
    await page.getByTestId('create-submit').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.opp').count()).toBe(1);
    expect(await page.locator('.turned[data-card]').count()).toBe(1);
    // The hand is grouped by suit, trump first once it is fixed, each suit in the engine's rank order
    // (6 cards during the bidding, 9 once a bot has taken before the page showed the first state).
    const { ranks } = registered.find((g) => g.id === 'klaberjass')!;
    const { hand, trump } = await page.evaluate(() => ({
      hand: [...document.querySelectorAll('.hand button.card')].map((e) => e.getAttribute('data-card') ?? ''),
      trump: document.querySelector('.trump[data-trump]')?.getAttribute('data-trump') ?? null,
    }));
    expect([6, 9]).toContain(hand.length);
    const runs = hand.filter((c, i) => i === 0 || c[0] !== hand[i - 1][0]).map((c) => c[0]);
    expect(new Set(runs).size).toBe(runs.length);
    if (trump && runs.includes(trump)) expect(runs[0]).toBe(trump);
    for (let i = 1; i < hand.length; i++)
      if (hand[i][0] === hand[i - 1][0]) {
        const order: readonly string[] = hand[i][0] === trump ? ranks.trump : ranks.plain;
        expect(order.indexOf(hand[i - 1][1])).toBeLessThan(order.indexOf(hand[i][1]));
      }
    await playUntil(page, async () => (await attr(page, 'data-over')) === 'true');
    expect(Number(await attr(page, 'data-deals'))).toBeGreaterThan(0);
    await page.getByTestId('scores-tab').click();
    await page.locator('.deal-list li[data-deal="1"]').waitFor();
    expect(await page.locator('.sheet tr.sum td').count()).toBe(3);
    await page.context().close();
  }, 180_000);

  it('plays one Differenzler round with an estimate hidden from the others until the round ends', async () => {
    const page = await newPage();
    await page.goto(h.base);
    await page.getByTestId('quick').waitFor();
    await page.screenshot({ path: join(shots, 'lobby-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'lobby-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('differenzler');
    await page.locator('details summary').click();
    await page.locator('.opt', { hasText: 'Runden' }).locator('input').fill('1');
    await page.locator('input[name=private]').uncheck();
    await page.getByTestId('create-submit').click();
    const input = page.locator('form.number-action input[type=number]');
    await input.waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.hand button.card').count()).toBe(9);
    await input.fill('47');
    await page.locator('form.number-action button[type=submit]').click();
    await page
      .locator('.hand button.card[data-legal=true], [data-testid=match-over]')
      .first()
      .waitFor({ timeout: WAIT_MS });
    // Until the round is over no other seat's estimate is shown.
    if ((await attr(page, 'data-over')) !== 'true')
      expect(await page.locator('.opp [data-estimate]').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'differenzler-desktop.png') });
    await playUntil(page, async () => (await attr(page, 'data-over')) === 'true');
    await page.getByTestId('scores-tab').click();
    const row = page.locator('.diff-sheet tr[data-round="1"]');
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // Round, then estimate / made / difference for each of the four seats; seat 0 is ours.
    expect(cells[1]).toBe('47');
    expect(Math.abs(Number(cells[2]) - 47)).toBe(Number(cells[3]));
    expect(cells.filter((c) => c !== '').length).toBe(13);
    await page.screenshot({ path: join(shots, 'differenzler-scores.png'), fullPage: true });
    // English as a switch; rule terms stay German.
    await page.getByTestId('lang').click();
    await expect.poll(() => page.getByTestId('scores-tab').textContent()).toBe('Scores');
    await page.context().close();
  }, 180_000);

  it('runs under the content security policy of the server without a violation', async () => {
    const res = await fetch(h.base);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The lobby (a WebSocket) after every other test here has played through the client.
    const page = await newPage();
    await page.goto(h.base);
    await page.getByTestId('create').waitFor();
    await page.waitForTimeout(300);
    await page.context().close();
    expect(cspViolations).toEqual([]);
  });
});
