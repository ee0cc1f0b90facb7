/**
 * Doppelkopf between two people in two browser contexts and two computer players (issue 14, house rules of
 * 004). Armut: the poor player says Vorbehalt, names Armut and passes his cards one by one; his left
 * neighbour sees the offer (not the cards), takes them, sees them and returns as many; both then know each
 * other as the Re party, one says Re while the other is to play, and the deal is played to its value.
 * Reizen: both say Solo; the rear one bids, the front one holds, the rear one passes, the front one names his
 * solo with his Re standing. The deals are chosen by seed with the engine; the computers (asked first) have
 * said gesund.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickAndWait, findDeal, handCards, offered, openTable } from './doppelkopf-helpers.ts';
import { attr, chromiumPath, harness, shots } from './harness.ts';

const house = { players: 4 as const, preset: 'house' as const };
/** Three cards whatever the poor player's trumps (the preset passes just his trumps), as the steps below count. */
const armutThree = { ...house, options: { armut: 'three' } };
const HEALTHY = { t: 'healthy' };

/** Clicks legal cards of whichever page may play until the first page has seen a finished deal. */
async function playOut(pages: readonly Page[]): Promise<void> {
  for (let i = 0; i < 4000; i++) {
    if (Number(await attr(pages[0], 'data-deals')) >= 1) return;
    let clicked = false;
    for (const page of pages) {
      const card = await page
        .locator('.hand button.card[data-legal=true]')
        .first()
        .getAttribute('data-card', { timeout: 50 })
        .catch(() => null);
      if (card === null) continue;
      await clickAndWait(page, `.hand button.card[data-card=${card}][data-legal=true]`).catch(() => {});
      clicked = true;
    }
    if (!clicked) await pages[0].waitForTimeout(25);
  }
  throw new Error('the deal did not end');
}

describe.skipIf(!chromiumPath)('Doppelkopf between two browsers: Armut, Reizen (issue 14)', () => {
  const h = harness();

  it('passed card by card, offered, taken, returned; the Armut party known to both; Re said while the other one is to play; the deal valued', async () => {
    // Dealer 1: the forehand is seat 2; seats 2 and 3 (computers) answer first, then the two people.
    const computers = [
      [2, HEALTHY],
      [3, HEALTHY],
    ] as const;
    const steps = findDeal(
      armutThree,
      1,
      [...computers, [0, { t: 'reserve' }], [1, HEALTHY]],
      (_view, legal) => legal(0).some((a) => a.t === 'declare' && (a as { game?: string }).game === 'armut'),
    ).slice(0, 1 + computers.length);
    const [poor, taker] = await openTable(h, armutThree, 1, steps, [0, 1]);

    await clickAndWait(poor, 'button.action[data-tag=reserve]');
    await offered(taker, 'button.action[data-tag=healthy]');
    await clickAndWait(taker, 'button.action[data-tag=healthy]');
    await offered(poor, `button.action[data-action='{"t":"declare","game":"armut"}']`);
    await clickAndWait(poor, `button.action[data-action='{"t":"declare","game":"armut"}']`);

    // Three cards, one at a time, each a click on the card; the poor player sees what he gave.
    await offered(poor, '.hand button.card[data-legal=true]');
    await expect(poor.locator('[data-testid=hand-hint]').innerText()).resolves.toMatch(/\(0\/3\)/);
    const gave: string[] = [];
    for (let i = 0; i < 3; i++) {
      await offered(poor, '.hand button.card[data-legal=true]');
      const before = (await handCards(poor)).length;
      const card = (await poor
        .locator('.hand button.card[data-legal=true]')
        .first()
        .getAttribute('data-card'))!;
      await clickAndWait(poor, `.hand button.card[data-card=${card}][data-legal=true]`);
      gave.push(card);
      await expect.poll(async () => (await handCards(poor)).length).toBe(before - 1);
    }
    const shownGiven = async (page: Page) =>
      ((await page.locator('[data-testid=armut-given]').getAttribute('data-cards')) ?? '').split(' ').sort();
    await expect.poll(() => shownGiven(poor)).toEqual([...gave].sort());

    // The taker is offered the cards face down: take or pass on.
    await offered(taker, 'button.action[data-tag=take]');
    await expect(taker.locator('button.action[data-tag=shove]').innerText()).resolves.toBe('Weiterschieben');
    await expect(taker.locator('[data-testid=hand-hint]').innerText()).resolves.toMatch(
      /Spieler 1 bietet dir/,
    );
    await expect(taker.locator('[data-testid=armut-given]').count()).resolves.toBe(0);
    await clickAndWait(taker, 'button.action[data-tag=take]');

    // Now he sees them, holds 13 cards and returns three, one at a time.
    await offered(taker, '.hand button.card[data-legal=true]');
    expect(await shownGiven(taker)).toEqual([...gave].sort());
    expect(await handCards(taker)).toHaveLength(13);
    await taker.screenshot({ path: join(shots, 'doppelkopf-armut-taker.png') });
    for (let i = 0; i < 3; i++) {
      await offered(taker, '.hand button.card[data-legal=true]');
      const card = (await taker
        .locator('.hand button.card[data-legal=true]')
        .first()
        .getAttribute('data-card'))!;
      await clickAndWait(taker, `.hand button.card[data-card=${card}][data-legal=true]`);
    }
    await expect.poll(async () => (await handCards(taker)).length).toBe(10);

    // Both know the Armut party (Re); whether trumps came back is told to everybody.
    for (const [page, other] of [
      [poor, 1],
      [taker, 0],
    ] as const) {
      await page.locator('[data-testid=armut] [data-trumps-back]').waitFor({ timeout: 10_000 });
      await expect(page.locator(`.opp[data-seat="${other}"] [data-testid=party]`).innerText()).resolves.toBe(
        'Re',
      );
    }
    await expect(poor.locator('[data-testid=doko-game]').innerText()).resolves.toMatch(
      /Armut von dir · aufgenommen von Spieler 2/,
    );
    expect(await handCards(poor)).toHaveLength(10);

    // Trick 1 (the computers lead): the poor player plays, and while the taker thinks he says Re, not being
    // the one to play; the deadline of 004 is in view, and the taker sees the call.
    await offered(poor, '.hand button.card[data-legal=true]');
    const first = (await poor
      .locator('.hand button.card[data-legal=true]')
      .first()
      .getAttribute('data-card'))!;
    await clickAndWait(poor, `.hand button.card[data-card=${first}][data-legal=true]`);
    await offered(taker, '.hand button.card[data-legal=true]');
    const re = `button.action[data-action='{"t":"announce","call":"re"}']`;
    await offered(poor, re);
    await expect(poor.locator('.status .turn').innerText()).resolves.toBe('Spieler 2 ist dran');
    expect(await poor.locator('.hand button.card[data-legal=true]').count()).toBe(0);
    await expect(poor.locator('[data-testid=deadline]').innerText()).resolves.toBe(
      'noch bis zur 2. Karte des 2. Stichs',
    );
    await clickAndWait(poor, re);
    await expect
      .poll(() => taker.locator('[data-testid=calls] li[data-seat="0"] .what').allInnerTexts())
      .toEqual(['Re']);

    await playOut([poor, taker]);
    const end = poor.locator('[data-testid=deal-end] [data-testid=doko-deal]');
    await end.waitFor({ timeout: 10_000 });
    expect(await end.getAttribute('data-kind')).toBe('armut');
    await poor.screenshot({ path: join(shots, 'doppelkopf-armut-end.png'), fullPage: true });
    await poor.context().close();
    await taker.context().close();
  }, 240_000);

  it('Reizen: two people say Solo; the rear one bids Re, the front one holds, the rear one passes; the front one names his solo and plays it with Re announced', async () => {
    const steps = findDeal(
      house,
      1,
      [
        [2, HEALTHY],
        [3, HEALTHY],
      ],
      (_view, legal) => legal(0).some((a) => a.t === 'solo'),
    );
    const [front, rear] = await openTable(h, house, 1, steps, [0, 1]);
    await clickAndWait(front, 'button.action[data-tag=solo]');
    await offered(rear, 'button.action[data-tag=solo]');
    await clickAndWait(rear, 'button.action[data-tag=solo]');
    // The rear player bids first (at first above nothing), the front player holds or folds.
    const bidRe = `button.action[data-action='{"t":"bid","call":"re"}']`;
    await offered(rear, bidRe);
    await expect(rear.locator(bidRe).innerText()).resolves.toBe('Reizen: Re');
    await expect(rear.locator('[data-testid=bidding]').innerText()).resolves.toMatch(
      /Solo-Anwärter: Spieler 1, Du\s+Reizen: Spieler 1 hält, du bietest. Noch kein Gebot./,
    );
    await clickAndWait(rear, bidRe);
    await offered(front, bidRe);
    await expect(front.locator(bidRe).innerText()).resolves.toBe('Mithalten: Re');
    await expect(front.locator('button.action[data-tag=fold]').innerText()).resolves.toBe('Passen');
    await clickAndWait(front, bidRe);
    await offered(rear, 'button.action[data-tag=fold]');
    await expect(
      rear.locator(`button.action[data-action='{"t":"bid","call":"keine90"}']`).innerText(),
    ).resolves.toBe('Reizen: keine 90');
    await clickAndWait(rear, 'button.action[data-tag=fold]');
    // The front player names his solo; his Re stands as an announcement made before the first card.
    const queens = `button.action[data-action='{"t":"declare","game":"queens"}']`;
    await offered(front, queens);
    await clickAndWait(front, queens);
    for (const page of [front, rear]) {
      await page.locator('[data-testid=doko-game] [data-kind=solo]').waitFor({ timeout: 10_000 });
      await expect(page.locator('.doko-highest').getAttribute('data-re')).resolves.toBe('re');
      await expect(page.locator('[data-testid=calls] li').allInnerTexts()).resolves.toEqual(
        expect.arrayContaining([
          expect.stringMatching(/Reizen: Re|Mithalten: Re/),
          expect.stringMatching(/Passen/),
        ]),
      );
    }
    await expect(rear.locator('[data-testid=doko-game]').innerText()).resolves.toMatch(
      /Damen-Solo von Spieler 1/,
    );
    await expect(rear.locator('.opp[data-seat="0"] [data-testid=party]').innerText()).resolves.toBe('Re');
    await front.context().close();
    await rear.context().close();
  }, 120_000);
});
