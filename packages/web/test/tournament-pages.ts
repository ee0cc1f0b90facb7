/**
 * What the browser tournament tests read and do on the tournament pages (issue 26): the head's status, the
 * entrants' line, and setting a tournament up in the create form.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './harness.ts';

export const headStatus = (page: Page) => page.getByTestId('tournament-head').getAttribute('data-status');
export const entrants = (page: Page) => page.getByTestId('tournament-entrants').innerText();

export interface Setup {
  name: string;
  format: 'ddv' | 'duplicate';
  /** The game (the duplicate format asks for it) or the preset (the DDV format's). */
  game?: string;
  preset?: string;
  rounds: number;
  games: number;
}

/**
 * Sets a tournament up in the create form at `base`, with computers for empty seats (the form's default,
 * checked), and returns its id once its page shows.
 */
export async function createTournament(page: Page, base: string, s: Setup): Promise<string> {
  await page.goto(`${base}/#/tournaments`);
  const form = page.getByTestId('tournament-create');
  await form.locator('input[name=name]').fill(s.name);
  await form.locator('select[name=format]').selectOption(s.format);
  if (s.game) await form.locator('select[name=game]').selectOption(s.game);
  if (s.preset) await form.locator('select[name=preset]').selectOption(s.preset);
  await form.locator('input[name=rounds]').fill(String(s.rounds));
  await form.locator('input[name=games]').fill(String(s.games));
  expect(await form.locator('input[name=fill]').isChecked()).toBe(true);
  await form.locator('button[type=submit]').click();
  await page.getByTestId('tournament-head').waitFor({ timeout: WAIT_MS });
  return decodeURIComponent(/#\/tournaments\/([^?]+)/.exec(page.url())![1]);
}
