/**
 * Doppelkopf at the table (issue 14, "Web table" and "Tests in a real browser"), in Chromium against the real
 * server with random computer players: a whole DDV deal by clicking, with a Vorbehalt (a Damen-Solo) and an
 * announcement (Re); then the house preset on a phone-sized screen. The deals are chosen by seed with the
 * engine (doppelkopf-helpers.ts), the dealer fixed, so that the human is the forehand.
 */

import { join } from 'node:path';
import { type AnyGame, GAME_META, GAMES, unwrap } from '@stich/engine';
import { describe, expect, it } from 'vitest';
import { clickAndWait, findDeal, handCards, offered, openTable, playCards } from './doppelkopf-helpers.ts';
import { attr, axe, chromiumPath, harness, shots, WAIT_MS } from './harness.ts';

const game = GAMES.doppelkopf as unknown as AnyGame;

describe.skipIf(!chromiumPath)('Doppelkopf at the table (issue 14)', () => {
  const h = harness();

  it('DDV: a whole deal against three computers by clicking: Vorbehalt, Damen-Solo, Re, every card; the hand in the engine order with both copies of a card; the deal valued item by item', async () => {
    const ddv = { players: 4 as const, preset: 'ddv' as const };
    // Dealer 3: seat 0 is the forehand, asked first in the Vorbehalt round and first to name his solo.
    const steps = findDeal(ddv, 3, [], (view) => {
      const hand = view(0).hand;
      return new Set(hand).size < hand.length;
    });
    const [page] = await openTable(h, ddv, 3, steps, [0]);
    expect(await attr(page, 'data-phase')).toBe('reserve');

    // The hand as the engine orders it for the normal game (trumps strongest first, then Kreuz, Pik, Herz),
    // each copy of a doubled card its own button.
    const cfg = unwrap(game.parseConfig(ddv));
    const dealt = unwrap(game.applyDeal(game.start(cfg, 3), steps[0].data));
    const engineHand = (game.viewFor(dealt, 0) as unknown as { hand: string[] }).hand;
    const shown = await handCards(page);
    expect(shown.map((c) => c.card)).toEqual(engineHand);
    expect(new Set(shown.map((c) => `${c.card}/${c.copy}`)).size).toBe(12);
    const doubled = shown.filter((c) => c.copy === '2').map((c) => c.card);
    expect(doubled.length).toBeGreaterThan(0);
    for (const c of doubled) expect(shown.filter((x) => x.card === c).map((x) => x.copy)).toEqual(['1', '2']);

    // Gesund or Vorbehalt (and, DDV, a solo at once): Vorbehalt, then the kind.
    await expect(page.locator('button.action[data-tag=healthy]').innerText()).resolves.toBe('Gesund');
    await clickAndWait(page, 'button.action[data-tag=reserve]');
    await offered(page, 'button.action[data-tag=declare]');
    const kinds = await page.locator('button.action[data-tag=declare]').allInnerTexts();
    expect(kinds).toEqual(expect.arrayContaining(['Damen-Solo', 'Buben-Solo', 'Fleischlos', 'Kreuz-Solo']));
    await clickAndWait(page, `button.action[data-action='{"t":"declare","game":"queens"}']`);

    // The Pflichtsolo's soloist leads; he is Re for everybody, and may say Re until his card of the second trick.
    await offered(page, '.hand button.card[data-legal=true]');
    await expect(page.locator('[data-testid=doko-game]').innerText()).resolves.toMatch(
      /Damen-Solo von dir · Pflichtsolo/,
    );
    await expect(page.locator('.my-calls [data-testid=party]').innerText()).resolves.toBe('Re');
    await expect(page.locator('[data-testid=deadline]').innerText()).resolves.toBe(
      'noch bis zu deiner Karte im 2. Stich',
    );
    await clickAndWait(page, `button.action[data-tag=announce][data-action='{"t":"announce","call":"re"}']`);
    await expect(
      page.locator('[data-testid=calls] li[data-call=announce] .what').first().innerText(),
    ).resolves.toBe('Re');
    await page.screenshot({ path: join(shots, 'doppelkopf-desktop.png') });
    // After Re the party may still say keine 90 until its card of the third trick: the next level's deadline.
    await expect(page.locator('[data-testid=deadline]').innerText()).resolves.toBe(
      'noch bis zu deiner Karte im 3. Stich',
    );

    // One copy of a doubled card played: the other stays in the hand.
    const twice = doubled[0];
    await playCards(
      page,
      async () => (await handCards(page)).length < 12,
      (legal) => (legal.includes(twice) ? twice : null),
    );
    const after = await handCards(page);
    expect(after).toHaveLength(11);
    expect(after.filter((c) => c.card === twice)).toHaveLength(1);

    // The rest of the deal, card by card, until it is valued.
    await playCards(page, async () => Number(await attr(page, 'data-deals')) >= 1);
    const end = page.locator('[data-testid=deal-end] [data-testid=doko-deal]');
    await end.waitFor({ timeout: 10_000 });
    expect(await end.getAttribute('data-kind')).toBe('solo');
    const items = await end
      .locator('tr[data-item]')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.item));
    expect(items.length).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'doppelkopf-deal-end.png'), fullPage: true });
    // DDV: a solo counts three times for the soloist, plus and minus.
    await expect(end.locator('tr[data-row=multiplier]').innerText()).resolves.toMatch(/Solo ×3/);
    const scores = await end
      .locator('tr[data-row=score] td')
      .evaluateAll((cells) => cells.map((c) => Number((c as HTMLElement).dataset.score)));
    expect(scores.reduce((a, b) => a + b, 0)).toBe(0);
    expect(scores[0]).toBe(-3 * scores[1]);
    if (items.includes('won')) expect(items).toContain('reAnnounced');

    // The score sheet: deal 1, marked as a Pflichtsolo, with the running totals.
    await page.locator('[data-testid=scores-tab]').click();
    const row = page.locator('[data-testid=doko-sheet] tr[data-deal="1"]');
    await expect(row.locator('[data-marker=pflicht]').count()).resolves.toBe(1);
    await expect(row.locator('td[data-seat="0"]').getAttribute('data-total')).resolves.toBe(
      String(scores[0]),
    );
    await page.screenshot({ path: join(shots, 'doppelkopf-scores.png'), fullPage: true });
    await page.context().close();
  }, 240_000);

  it('house rules on a phone: Re and Kontra offered with the deadline of 004, the hand fits the screen, the game and the party in view, no serious axe-core violation, the English switch', async () => {
    const house = { players: 4 as const, preset: 'house' as const };
    const healthy = [0, 1, 2, 3].map((s) => [s, { t: 'healthy' }] as const);
    const steps = findDeal(house, 3, healthy, (view) => view(0).phase === 'play');
    const [page] = await openTable(h, house, 3, steps, [0], { width: 390, height: 844 });
    await offered(page, '.hand button.card[data-legal=true]');
    await expect(page.locator('[data-testid=deadline]').innerText()).resolves.toBe(
      'noch bis zur 2. Karte des 2. Stichs',
    );
    const calls = await page.locator('button.action[data-tag=announce]').allInnerTexts();
    expect(calls.length).toBeGreaterThan(0);
    expect(['Re', 'Kontra']).toContain(calls[0]);
    await expect(page.locator('.my-calls [data-testid=party]').count()).resolves.toBe(1);
    // 10 cards, all on the screen, no sideways scrolling.
    const boxes = await page
      .locator('.hand button.card')
      .evaluateAll((bs) =>
        bs.map((b) => b.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })),
      );
    expect(boxes).toHaveLength(10);
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(shots, 'doppelkopf-phone.png'), fullPage: true });
    expect(await axe(page)).toEqual([]);
    // The English switch: the same controls and the deadline in English, rule terms in German.
    await page.getByTestId('lang').click();
    await expect(page.locator('[data-testid=deadline]').innerText()).resolves.toBe(
      'until the 2nd card of trick 2',
    );
    await expect(page.locator('.status .phase').innerText()).resolves.toBe('Play');
    expect(await page.locator('button.action[data-tag=announce]').allInnerTexts()).toEqual(
      calls.map((c) => c.replace('keine', 'no')),
    );
    await page.getByTestId('lang').click();
    await page.context().close();
  }, 120_000);

  it('create dialog: Doppelkopf with both presets and its options from the engine; a house table with one option changed opens at the Vorbehalt round', async () => {
    const page = await h.newPage();
    await page.goto(h.base);
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('doppelkopf');
    const presets = await page
      .locator('input[name=preset]')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(presets).toEqual(['ddv', 'house']);
    const meta = GAME_META.doppelkopf!;
    expect(await page.locator('.opt').count()).toBe(meta.options.length);
    await page.locator('input[name=preset][value=house]').check();
    await page.locator('details summary').click();
    await expect(page.locator('.opt [aria-label="Armut"]').inputValue()).resolves.toBe('trumps');
    await page.locator('.opt [aria-label="Armut"]').selectOption('three');
    for (const seat of [1, 2, 3])
      await page.locator(`.seat-row[data-seat="${seat}"] select`).nth(1).selectOption('random');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/tables') && r.request().method() === 'POST',
    );
    await page.getByTestId('create-submit').click();
    const body = (await (await created).json()) as {
      table: { preset: string; options: Record<string, unknown> };
    };
    expect(body.table.preset).toBe('house');
    expect(body.table.options.armut).toBe('three');
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.hand button.card').count()).toBe(10);
    await page.context().close();
  }, 120_000);

  it('DDV Hochzeit: declared after a Vorbehalt, no announcement before the Klärungsstich, then the partner named and every party shown', async () => {
    const ddv = { players: 4 as const, preset: 'ddv' as const };
    // Dealer 0: the computers (seats 1 to 3) are asked first and said gesund; seat 0 holds both Kreuz-Damen.
    const healthy = [1, 2, 3].map((s) => [s, { t: 'healthy' }] as const);
    const steps = findDeal(ddv, 0, healthy, (view) => view(0).hand.filter((c) => c === 'CQ').length === 2);
    const [page] = await openTable(h, ddv, 0, steps, [0]);
    await clickAndWait(page, 'button.action[data-tag=reserve]');
    await offered(page, `button.action[data-action='{"t":"declare","game":"hochzeit"}']`);
    await clickAndWait(page, `button.action[data-action='{"t":"declare","game":"hochzeit"}']`);
    await offered(page, '.hand button.card[data-legal=true]');
    await expect(page.locator('[data-testid=doko-game]').innerText()).resolves.toMatch(
      /Hochzeit von dir · sucht einen Partner/,
    );
    expect(await page.locator('button.action[data-tag=announce]').count()).toBe(0);
    const game = page.locator('[data-testid=doko-game] .doko-contract');
    await playCards(page, async () => (await game.getAttribute('data-clarified')) === 'true');
    const text = await game.innerText();
    const tags = await page.locator('[data-testid=party]').allInnerTexts();
    if (/allein/.test(text)) expect(tags.sort()).toEqual(['Kontra', 'Kontra', 'Kontra', 'Re']);
    else {
      expect(text).toMatch(/Partner: Computer [234] \(Stich [123]\)/);
      expect(tags.sort()).toEqual(['Kontra', 'Kontra', 'Re', 'Re']);
      const partner = Number(await game.getAttribute('data-partner'));
      expect(text).toContain(`Partner: Computer ${partner + 1}`);
      await expect(
        page.locator(`.opp[data-seat="${partner}"] [data-testid=party]`).innerText(),
      ).resolves.toBe('Re');
    }
    await page.context().close();
  }, 120_000);

  it('replay of a finished one-deal match: drawn as Doppelkopf, all four hands open with both copies of a card, the score sheet', async () => {
    const one = { players: 4 as const, preset: 'ddv' as const, options: { games: 1, pflichtsolo: false } };
    const steps = findDeal(one, 3, [], (view) => new Set(view(0).hand).size < 12);
    const [page] = await openTable(h, one, 3, steps, [0]);
    const id = /#\/t\/([^?]+)/.exec(page.url())![1];
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await offered(page, 'button.action[data-tag=healthy]');
    await clickAndWait(page, 'button.action[data-tag=healthy]');
    await playCards(page, async () => (await attr(page, 'data-over')) === 'true');
    await page.goto(`${h.base}/#/replay/${id}`);
    await page.getByTestId('replay-bar').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('replay-last').click();
    for (let i = 0; i < 20; i++) await page.getByTestId('replay-prev').click();
    expect(await page.locator('.table[data-game=doppelkopf]').count()).toBe(1);
    // Right after the deal: 4 x 12 cards open, the first hand with a card twice.
    await page.getByTestId('replay-first').click();
    await page.getByTestId('replay-next').click();
    const rows = page.getByTestId('replay-hands').locator('.replay-hand');
    expect(await rows.count()).toBe(4);
    const held = await rows.evaluateAll((rs) =>
      rs.map((r) => [...r.querySelectorAll<HTMLElement>('[data-card]')].map((c) => c.dataset.card)),
    );
    expect(held.map((x) => x.length)).toEqual([12, 12, 12, 12]);
    expect(new Set(held[0]).size).toBeLessThan(12);
    await page.getByTestId('replay-last').click();
    await expect(page.locator('[data-testid=doko-sheet] tr[data-deal]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
