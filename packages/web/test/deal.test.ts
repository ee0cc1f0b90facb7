import { join } from 'node:path';
import type { Action, GameId, Seat } from '@stich/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { context } from '../../server/src/context.ts';
import type { StoredStep } from '../../server/src/store.ts';
import { TRICK_TIMES } from '../src/Speed.tsx';
import { DEAL_END_MS, TRICK_MS } from '../src/table/hooks.ts';
import {
  attr,
  axe,
  chromiumPath,
  harness,
  openAtStep,
  playTo,
  playUntil,
  shots,
  storeTable,
  type View,
  WAIT_MS,
} from './harness.ts';

/**
 * Stores a table of `id` with the human at seat 0 (computer players elsewhere) at the given steps, and
 * opens it in `page` as that player (guest and seat token in localStorage, as the client keeps them).
 */
async function openSeeded(
  h: ReturnType<typeof harness>,
  page: Page,
  id: GameId,
  config: { players: number; preset?: string; options?: Record<string, unknown> },
  steps: readonly StoredStep[],
  level: 'random' | 'rule' = 'random',
): Promise<string> {
  const { table, people } = await storeTable(id, config, 0, steps, [{ seat: 0, name: 'Tester' }], level);
  await openAtStep(h, page, table, people[0], steps.length);
  return table;
}

/** Every visible text's computed font size in px, smallest first, with the text. */
async function smallestText(page: Page): Promise<{ px: number; text: string }[]> {
  return page.evaluate(() => {
    const out: { px: number; text: string }[] = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim() ?? '';
      if (!el || !text || el.closest('svg')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.sr')) continue;
      out.push({ px: Number.parseFloat(getComputedStyle(el).fontSize), text });
    }
    return out.sort((a, b) => a.px - b.px).slice(0, 5);
  });
}

describe.skipIf(!chromiumPath)('the deal at the table (issue 17: ux-deal)', () => {
  const h = harness();

  it('3-player Klapper-Jas after a Kleines and besser: the calls stay readable, the 7 exchange names its cards and warns, melds come strongest first with the hint, cards say who played them, only the seat to act lights up', async () => {
    const kj3 = { players: 3, preset: 'manual' };
    const found = playTo('klapperjas', kj3, (v, legal) => {
      const bids = v.bids as { t: string }[];
      const offer = v.exchangeOffer as { breaksRun: boolean } | null;
      const trick = v.trick as { cards: unknown[] } | null;
      return (
        v.phase === 'play' &&
        v.kind === 'kleines' &&
        bids.some((b) => b.t === 'besser') &&
        offer?.breaksRun === true &&
        legal.filter((a) => a.t === 'meld').length > 1 &&
        (trick?.cards.length ?? 0) > 0
      );
    });
    const v = found.view as View & {
      exchangeOffer: { gives: string; takes: string };
      bids: { seat: number; t: string }[];
      kontra: number | null;
      re: number | null;
      trump: string;
      proposed: string;
      trick: { cards: { seat: number; card: string }[] };
    };
    // The 7 given is of the turned (proposed) suit, which is not trump after besser (Kreuz).
    expect(v.trump).toBe('C');
    expect(v.exchangeOffer.gives[0]).toBe(v.proposed);
    const page = await h.newPage();
    await openSeeded(h, page, 'klapperjas', kj3, found.steps);

    // The calls of the deal in order, ours included, "besser" saying that it means Kreuz; Kontra and Re after them.
    const calls = page.getByTestId('calls').locator('li');
    const said = v.bids.length + (v.kontra === null ? 0 : 1) + (v.re === null ? 0 : 1);
    await calls.first().waitFor();
    expect(await calls.allTextContents(), JSON.stringify([v.bids, v.kontra, v.re])).toHaveLength(said);
    const texts = await calls.allTextContents();
    v.bids.forEach((b, i) => {
      expect(texts[i]).toContain(b.seat === 0 ? 'Du' : 'Computer');
    });
    const besser = texts[v.bids.findIndex((b) => b.t === 'besser')];
    expect(besser).toContain('Besser (Kreuz)');
    expect(texts.filter((x) => x.includes('Kleines'))).toHaveLength(1);

    // The exchange names the cards it swaps (not "Trumpf-7": the 7 is not trump here) and warns.
    const names: Record<string, string> = { C: 'Kreuz', S: 'Pik', H: 'Herz', D: 'Karo' };
    const exchange = page.locator('.actions button[data-tag=exchange]');
    expect(await exchange.textContent()).toBe(
      `${names[v.exchangeOffer.gives[0]]} Sieben gegen ${names[v.exchangeOffer.takes[0]]} ${
        { '7': 'Sieben', '8': 'Acht', '9': 'Neun', T: 'Zehn', J: 'Bube', Q: 'Dame', K: 'König', A: 'Ass' }[
          v.exchangeOffer.takes[1]
        ]
      } tauschen`,
    );
    expect(await exchange.textContent()).not.toContain('Trumpf');
    await expect
      .poll(() => page.getByTestId('exchange-warning').textContent(), { timeout: 15_000 })
      .toContain(`${names[v.exchangeOffer.gives[0]]} Sieben`);

    // Melds strongest first (a Halber 50, a Terz 20: 000 3.1/3.2), with the hint that a card is still to be played.
    const shown = await page.locator('.actions button[data-tag=meld]').allTextContents();
    expect(shown).toHaveLength(found.legal.filter((a) => a.t === 'meld').length);
    expect(shown.length).toBeGreaterThan(1);
    const value = (x: string) =>
      (x.match(/Halber/g) ?? []).length * 50 + (x.match(/Terz/g) ?? []).length * 20;
    const values = shown.map(value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(await page.getByTestId('meld-hint').textContent()).toContain(
      'danach musst du noch eine Karte spielen',
    );

    // Cards on the table say who played them, visibly and for screen readers.
    for (const p of v.trick.cards) {
      const card = page.locator(`.trick > .played[data-card=${p.card}]`);
      const label = await card.getAttribute('aria-label');
      const who = p.seat === 0 ? 'Du' : 'Computer';
      expect(label).toMatch(new RegExp(`^${who}.*: `));
      expect(await card.locator('figcaption').textContent()).toContain(who);
    }
    // Only the seat to act lights up: it is ours, so no other seat does.
    expect(await page.locator('.opp.to-act').count()).toBe(0);
    await page.screenshot({ path: join(shots, 'bidding-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'bidding-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The exchange is made with the cards it named: the turned card comes into the hand.
    await exchange.click();
    await page.locator(`.hand button.card[data-card=${v.exchangeOffer.takes}]`).waitFor({ timeout: WAIT_MS });
    expect(await page.locator(`.hand button.card[data-card=${v.exchangeOffer.gives}]`).count()).toBe(0);
    // The calls are still there in play, and focus stayed on something that acts.
    expect(await calls.count()).toBe(said);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    await page.context().close();
  }, 180_000);

  it('the end-of-deal result goes by itself after DEAL_END_MS when nobody continues and the pace says not to wait', async () => {
    // Differenzler: we play the round's last card; the next round begins with estimates, ours too, so no
    // card of the next round can take the result's place: only the timer closes it.
    const diff = { players: 4, options: { rounds: 2 } };
    const found = playTo(
      'differenzler',
      diff,
      (v) =>
        v.phase === 'play' &&
        (v.results as unknown[]).length === 0 &&
        (v.handCounts as number[])[0] === 1 &&
        (v.trick as { cards: unknown[] } | null)?.cards.length === 3,
    );
    const page = await h.newPage();
    await openSeeded(h, page, 'differenzler', diff, found.steps);
    // Alone with computers the end waits for "Weiter" (issue 21) unless the table's pace says otherwise.
    await page.getByTestId('speed').click();
    expect(await page.getByTestId('speed-wait').isChecked()).toBe(true);
    await page.getByTestId('speed-wait').uncheck();
    await page.getByTestId('speed-panel').getByRole('button', { name: 'Schließen' }).click();
    await page.locator('.hand button.card[data-legal=true]').click();
    const end = page.getByTestId('deal-end');
    await end.waitFor();
    expect(await page.getByTestId('deal-end-continue').textContent()).toMatch(/^Weiter \(noch \d+ s\)$/);
    const t0 = Date.now();
    await end.waitFor({ state: 'detached', timeout: 30_000 });
    const shown = Date.now() - t0;
    expect(shown).toBeGreaterThan(DEAL_END_MS - 2000);
    expect(shown).toBeLessThan(DEAL_END_MS + 5000);
    // Meanwhile the next round waited for our estimate.
    expect(await page.locator('form.number-action').count()).toBe(1);
    await page.context().close();
  }, 120_000);

  it('a taken trick stays on the felt past the default time when the pace says "the longest", also after a reload', async () => {
    // Differenzler: we play the last card of a trick that is not the round's last, so the next trick begins
    // and the taken one may stay on the felt; the trick after it cannot be taken before we play again.
    const diff = { players: 4, options: { rounds: 2 } };
    const found = playTo(
      'differenzler',
      diff,
      (v) =>
        v.phase === 'play' &&
        (v.handCounts as number[])[0] > 2 &&
        (v.trick as { cards: unknown[] } | null)?.cards.length === 3,
    );
    const longest = Math.max(...TRICK_TIMES);
    expect(longest).toBeGreaterThan(TRICK_MS + 2000);
    const page = await h.newPage();
    const table = await openSeeded(h, page, 'differenzler', diff, found.steps);
    await page.getByTestId('speed').click();
    expect(await page.getByTestId('speed-trick').inputValue()).toBe(String(TRICK_MS));
    await page.getByTestId('speed-trick').selectOption(String(longest));
    await page.getByTestId('speed-panel').getByRole('button', { name: 'Schließen' }).click();
    // The choice is this browser's: it is still there after a reload.
    await page.reload();
    await page.locator('.hand button.card[data-legal=true]').first().waitFor({ timeout: WAIT_MS });
    expect(page.url()).toContain(table);
    await page.getByTestId('speed').click();
    expect(await page.getByTestId('speed-trick').inputValue()).toBe(String(longest));
    await page.getByTestId('speed-panel').getByRole('button', { name: 'Schließen' }).click();
    // When the taken trick comes on the felt and when it goes, as the page sees it.
    await page.evaluate(() => {
      const w = window as unknown as { takenAt: number[] };
      w.takenAt = [];
      new MutationObserver(() => {
        const on = document.querySelector('[data-testid=taken]') !== null;
        if (on !== (w.takenAt.length % 2 === 1)) w.takenAt.push(performance.now());
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.locator('.hand button.card[data-legal=true]').first().click();
    await page.waitForFunction(() => (window as unknown as { takenAt: number[] }).takenAt.length >= 2, null, {
      timeout: longest + 10_000,
    });
    const at = await page.evaluate(() => (window as unknown as { takenAt: number[] }).takenAt);
    const shown = at[1] - at[0];
    expect(shown, JSON.stringify(at)).toBeGreaterThan(longest - 500);
    expect(shown, JSON.stringify(at)).toBeLessThan(longest + 3000);
    await page.context().close();
  }, 120_000);

  it('Differenzler: the own estimate and the own points are on screen during the whole round', async () => {
    const page = await h.newPage();
    await page.goto(h.base);
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('differenzler');
    await page.locator('details summary').click();
    await page.locator('.opt', { hasText: 'Runden' }).locator('input').fill('1');
    // Rule bots: their estimates come at once. A search bot may still be estimating when ours is sent,
    // and an estimate sent on an older step is refused as stale (docs/protocol.md); not what this checks.
    const levels = page.getByLabel('Stärke');
    expect(await levels.count()).toBe(3);
    for (let i = 0; i < 3; i++) await levels.nth(i).selectOption('rule');
    await page.getByTestId('create-submit').click();
    const input = page.locator('form.number-action input[type=number]');
    await input.waitFor({ timeout: WAIT_MS });
    await input.fill('47');
    await page.locator('form.number-action button[type=submit]').click();
    const own = page.getByTestId('own-round');
    await expect
      .poll(() => own.locator('[data-own-estimate]').getAttribute('data-own-estimate'), { timeout: 15_000 })
      .toBe('47');
    let seen = 0;
    let points = 0;
    await playUntil(page, async () => {
      const over = (await attr(page, 'data-over')) === 'true';
      if (!over) {
        expect(await own.locator('[data-own-estimate]').getAttribute('data-own-estimate')).toBe('47');
        // Our points so far: what the tricks we took are worth, as the view counts them.
        expect(
          Number(await own.locator('[data-own-points]').getAttribute('data-own-points')),
        ).toBeGreaterThanOrEqual(points);
        points = Number(await own.locator('[data-own-points]').getAttribute('data-own-points'));
        seen++;
      }
      return over;
    });
    expect(seen).toBeGreaterThan(5);
    // The round's end shows every estimate, points and difference.
    const end = page.getByTestId('deal-end');
    await end.waitFor();
    const row = await end.locator('tr[data-seat="0"] td').allTextContents();
    expect(row[0]).toBe('47');
    // The points shown during the round were the round's points so far: never more than it made.
    expect(points).toBeLessThanOrEqual(Number(row[1]));
    expect(Math.abs(Number(row[1]) - 47)).toBe(Number(row[2]));
    expect(await end.getByTestId('deal-end-last').locator('figure[data-card]').count()).toBe(4);
    await page.context().close();
  }, 180_000);

  it('Klaberjass: the sequence talk and its winner stay readable, an accepted Schmeiss says so, and the score list says who won each deal', async () => {
    const kb = { players: 2, options: { target: 1 } };
    const talk = playTo('klaberjass', kb, (v) => v.phase === 'play' && v.sequenceWinner !== null);
    const page = await h.newPage();
    await openSeeded(h, page, 'klaberjass', kb, talk.steps);
    const tv = talk.view as View & {
      bids: { seat: number; action: Action }[];
      announcements: { seat: number; action: Action }[];
      sequenceWinner: number;
    };
    const calls = page.getByTestId('calls');
    await calls.locator('li').first().waitFor();
    expect(await calls.locator('li').allTextContents(), JSON.stringify(tv)).toHaveLength(
      tv.bids.length + tv.announcements.length,
    );
    expect(await calls.locator('.seq-winner').textContent()).toBe(
      tv.sequenceWinner === 0 ? 'Deine Sequenzen zählen' : 'Die Sequenzen von Computer 2 zählen',
    );
    await playUntil(page, async () => (await attr(page, 'data-over')) === 'true');
    await page.getByTestId('scores-tab').click();
    const title = page.locator('.deal-list li[data-deal="1"] .deal-title');
    expect(await title.textContent()).toMatch(/^Spiel 1: (Du gewinnst|Computer 2 gewinnt)$/);
    expect(
      await page.locator('.deal-list li[data-deal="1"] table.breakdown thead th').allTextContents(),
    ).toEqual(['Du', 'Computer 2']);
    await page.context().close();

    // The dealer (us) accepts a Schmeiss: the table says that the cards come again.
    const schmeiss = playTo('klaberjass', kb, (_v, legal) => legal.some((a) => a.t === 'accept'));
    const p2 = await h.newPage();
    await openSeeded(h, p2, 'klaberjass', kb, schmeiss.steps);
    await p2.locator('.actions button[data-tag=accept]').click();
    expect(await p2.getByTestId('thrown-in').textContent()).toBe(
      'Schmeiß angenommen – die Karten werden neu gegeben.',
    );
    await p2.context().close();
  }, 240_000);

  it('Klapper-Jas: a deal nobody plays says so when the cards come again', async () => {
    const kj4 = { players: 4, preset: 'manual' };
    const found = playTo('klapperjas', kj4, (v, legal, g, s) => {
      if (v.phase !== 'kleines' || !legal.some((a) => a.t === 'pass')) return false;
      const next = g.apply(s, 0 as Seat, { t: 'pass' });
      return next.ok && (g.viewFor(next.value, 0) as unknown as View).thrownIn === 1;
    });
    const page = await h.newPage();
    await openSeeded(h, page, 'klapperjas', kj4, found.steps);
    await page.locator('.actions button[data-tag=pass]').click();
    expect(await page.getByTestId('thrown-in').textContent()).toBe(
      'Alle haben gepasst – die Karten werden neu gegeben.',
    );
    // The cards come again; focus is on a control of the new deal, not on the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.actions, .hand') !== null), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.context().close();
  }, 120_000);

  it('3-player Klapper-Jas: the match end shows the full ranking', async () => {
    const kj3 = { players: 3, preset: 'manual', options: { target: 2 } };
    const found = playTo(
      'klapperjas',
      kj3,
      (v) => (v.ranking as number[]).length === 1 && (v.ranking as number[])[0] !== 0 && v.phase === 'play',
    );
    const page = await h.newPage();
    await openSeeded(h, page, 'klapperjas', kj3, found.steps);
    await playUntil(page, async () => (await attr(page, 'data-over')) === 'true');
    const ranking = page.getByTestId('ranking').locator('li');
    expect(await ranking.count()).toBe(3);
    const places = await ranking.allTextContents();
    expect(places[0]).toMatch(/^1\. Platz: Computer [23]$/);
    expect(places.join()).toContain('Du');
    await page.context().close();
  }, 240_000);

  it('a spectator watches from the seat he chooses', async () => {
    const kj4 = { players: 4, preset: 'manual' };
    const found = playTo(
      'klapperjas',
      kj4,
      (v) => v.phase === 'play' && (v.trick as { cards: unknown[] }).cards.length === 2,
    );
    const player = await h.newPage();
    const table = await openSeeded(h, player, 'klapperjas', kj4, found.steps);
    const page = await h.newPage();
    await page.addInitScript(() => localStorage.setItem('stich.name', 'Zuschauer'));
    await page.goto(`${h.base}/#/t/${table}?watch=1`);
    await page.getByTestId('watch-from').waitFor({ timeout: WAIT_MS });
    // From seat 0 first: seat 0 at the bottom, its partner (seat 2) opposite.
    expect(await page.locator('.opp[data-seat="0"]').getAttribute('class')).toContain('pos-bottom');
    expect(await page.locator('.opp[data-seat="2"]').getAttribute('class')).toContain('pos-top');
    await page.getByTestId('watch-from').selectOption('2');
    expect(await page.locator('.opp[data-seat="2"]').getAttribute('class')).toContain('pos-bottom');
    expect(await page.locator('.opp[data-seat="0"]').getAttribute('class')).toContain('pos-top');
    // Seat 0 is to act (a human who has not played yet): it alone lights up.
    expect(
      await page.locator('.opp.to-act').evaluateAll((e) => e.map((x) => x.getAttribute('data-seat'))),
    ).toEqual(['0']);
    // Cards on the table say who played them.
    expect(await page.locator('.trick > .played figcaption').count()).toBe(2);
    await page.screenshot({ path: join(shots, 'spectator-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'spectator-phone.png'), fullPage: true });
    await page.context().close();
    await player.context().close();
  }, 120_000);

  it('accessibility: no serious axe-core violations on lobby, table and scores; text at least 12 px; the language button says what it does', async () => {
    const page = await h.newPage();
    await page.goto(h.base);
    await page.getByTestId('quick').waitFor();
    // The lobby settled: its buttons are enabled once the games are loaded (axe measured one mid-change).
    await page.locator('[data-testid=create]:not([disabled])').waitFor();
    expect(await axe(page)).toEqual([]);
    // The language button's name is the language it switches to, as shown.
    const lang = page.getByTestId('lang');
    const label = (await lang.getAttribute('aria-label')) ?? (await lang.textContent());
    expect(label).toContain((await lang.textContent())?.trim() ?? '');
    const kj4 = { players: 4, preset: 'manual' };
    const found = playTo('klapperjas', kj4, (v) => v.phase === 'play' && (v.results as unknown[]).length > 0);
    await openSeeded(h, page, 'klapperjas', kj4, found.steps);
    await page.locator('.hand button.card.legal').first().waitFor();
    expect(await axe(page)).toEqual([]);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      const small = await smallestText(page);
      expect(small[0].px, JSON.stringify(small)).toBeGreaterThanOrEqual(12);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // Focus after playing a card (the card button goes away) lands on something that acts, not the page.
    await page.locator('.hand button.card.legal').first().focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'BODY'), { timeout: 15_000 })
      .not.toBe('BODY');
    await page.getByTestId('scores-tab').click();
    await page.locator('.deal-list li').first().waitFor();
    expect(await axe(page)).toEqual([]);
    const small = await smallestText(page);
    expect(small[0].px, JSON.stringify(small)).toBeGreaterThanOrEqual(12);
    await page.context().close();
  }, 180_000);
});

// Bots that take a moment (the other tests' bots answer at once). Alone with computers the result waits for
// "Weiter" even when the computer leads the next deal (CI once lost the focus check to that lead, seconds
// into the checks on a loaded machine); elsewhere it yields to the next deal's first card.
describe.skipIf(!chromiumPath)('the end of a deal at the table (issue 17: ux-deal)', () => {
  const h = harness({ BOT_DELAY_MS: '800' });

  it('the end of a deal: every trick shown as taken (the first too), the last one with "Du nimmst", who won, the points and the breakdown by party until "Weiter" or the timer', async () => {
    const page = await h.newPage();
    // A slow phone (the CPU 6× slower): a trick's timer could fire between the next trick's taking and its
    // render, and hide that trick unseen (seen in CI under load: 2 of 8 tricks never shown as taken).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(h.base);
    await page.getByTestId('create').click();
    await page.locator('select[name=game]').selectOption('klapperjas');
    await page.locator('select[name=players]').selectOption('2');
    await page.locator('.seat-row[data-seat="1"] select').nth(1).selectOption('random');
    await page.getByTestId('create-submit').click();
    await page.locator('.hand button.card').first().waitFor({ timeout: WAIT_MS });
    // Watch the table: each trick shown as taken, by the cards in it, and the hand size in play.
    await page.evaluate(() => {
      const w = window as unknown as { taken: string[]; seen: string[]; conn: string[] };
      w.taken = [];
      w.seen = [];
      w.conn = [];
      new MutationObserver(() => {
        const main = document.querySelector('main.table-screen');
        // The connection's states, for the failure message (a reconnection opens the table afresh).
        const st = `${main?.getAttribute('data-status')}@${main?.getAttribute('data-seq')}`;
        if (w.conn.at(-1)?.split('@')[0] !== st.split('@')[0]) w.conn.push(st);
        if (main?.getAttribute('data-deals') !== '0') return;
        const layer = document.querySelector('[data-testid=taken]');
        if (layer) {
          const key = [...layer.querySelectorAll('.played')].map((e) => e.getAttribute('data-card')).join();
          if (!w.taken.includes(key)) w.taken.push(key);
        }
        // Every card seen on the table (all but the last trick's last one, which no view shows on the table).
        for (const e of document.querySelectorAll('.trick .played')) {
          const c = e.getAttribute('data-card') ?? '';
          if (!w.seen.includes(c)) w.seen.push(c);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await playUntil(page, async () => Number(await attr(page, 'data-deals')) > 0);
    const end = page.getByTestId('deal-end');
    await end.waitFor();
    const { taken, seen, conn } = await page.evaluate(() => {
      const w = window as unknown as { taken: string[]; seen: string[]; conn: string[] };
      return { taken: w.taken, seen: w.seen, conn: w.conn };
    });
    // Every trick of the deal but the last was shown going to its taker (two cards a trick), the first one
    // too; the last one is in the result. Whether the last trick also shows as taken before the result
    // covers the felt depends on when the bot's card arrives, so it may or may not be among `taken`.
    const tricks = Math.ceil(seen.length / 2);
    expect(tricks).toBeGreaterThan(5);
    const info = JSON.stringify({ taken, seen, conn });
    expect(taken.length, info).toBeGreaterThanOrEqual(tricks - 1);
    expect(taken.length, info).toBeLessThanOrEqual(tricks);
    // The first trick shown as taken is the deal's first trick, as the server stored it (the observer's
    // `seen` is not in playing order: it may first run after several cards are on the felt).
    const id = /#\/t\/([^?]+)/.exec(page.url())![1];
    await context().store.flush();
    const first = (await context().store.steps(id))
      .map((st) => st.data as { t?: string; card?: string })
      .filter((a) => a?.t === 'play')
      .slice(0, 2)
      .map((a) => a.card);
    expect(taken[0]?.split(',').sort(), info).toEqual(first.sort());
    const last = page.getByTestId('deal-end-last');
    expect(await last.locator('figure[data-card]').count()).toBe(2);
    expect(await last.locator('figcaption').first().textContent()).toMatch(
      /Letzter Stich: (Du nimmst den Stich|Computer 2 nimmt den Stich)/,
    );
    // Who won, in the second person where it is us.
    expect(await end.locator('h2').textContent()).toMatch(/^Spiel 1: (Du gewinnst|Computer 2 gewinnt)$/);
    // One column per party: the names head the columns, the numbers stand in their own cells.
    const heads = await end.locator('table.breakdown thead th').allTextContents();
    expect(heads).toEqual(['Du', 'Computer 2']);
    const total = await end.locator('tr[data-row=total] td').allTextContents();
    expect(total.every((x) => /^\d+$/.test(x))).toBe(true);
    // The continue button has the focus; the keyboard closes the moment.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), {
        timeout: 10_000,
      })
      .toBe('deal-end-continue');
    await page.screenshot({ path: join(shots, 'deal-end-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'deal-end-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // Alone with computers the result waits for "Weiter": past a few of the computer's delays (it may have
    // bid and led in the next deal meanwhile) it still stands.
    await page.waitForTimeout(2_500);
    expect(await end.isVisible(), `phase ${await attr(page, 'data-phase')}`).toBe(true);
    // The focus was checked above; the screenshots' resizing may move it under load (CI), so it is set again.
    await page.getByTestId('deal-end-continue').focus();
    await page.keyboard.press('Enter');
    await end.waitFor({ state: 'detached' });
    // The next deal's bidding is not covered by the old deal's "… nimmt den Stich".
    expect(await page.locator('.takes').count()).toBe(0);
    await page.context().close();
  }, 240_000);
});
