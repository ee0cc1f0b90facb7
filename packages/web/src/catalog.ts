/**
 * What the create-table dialog offers: games, player counts, presets and options with their choices.
 * It mirrors the engines' `parseConfig` inputs (the server validates; a wrong value gets its error).
 * Texts live in i18n under `opt.<game>.<option>` (label, help) and `opt.<game>.<option>.<value>`.
 */

export interface OptionSpec {
  readonly key: string;
  /** Choices; a number option has `number` bounds instead. */
  readonly choices?: readonly (string | boolean)[];
  readonly number?: { readonly min: number; readonly max: number };
}

export interface GameSpec {
  readonly id: 'klapperjas' | 'differenzler' | 'klaberjass';
  readonly players: readonly number[];
  readonly presets: readonly string[];
  /** Option values of each preset (shown as the defaults). */
  readonly presetValues: Readonly<Record<string, Readonly<Record<string, string | number | boolean>>>>;
  readonly options: readonly OptionSpec[];
}

export const GAMES: readonly GameSpec[] = [
  {
    id: 'klapperjas',
    players: [4, 3, 2],
    presets: ['manual', 'klappern'],
    presetValues: {
      manual: {
        besser: 'later',
        longRuns: 'blocks',
        meldsNeedTrick: true,
        belleNeedsTrick: false,
        kontra: 'manual',
        scoring: 'orgi-kleines',
        target: 12,
        dice: 'up-down',
      },
      klappern: {
        besser: 'all',
        longRuns: 'blocks',
        meldsNeedTrick: true,
        belleNeedsTrick: false,
        kontra: 'before-first-card',
        scoring: 'flat',
        target: 6,
        dice: 'one-die',
      },
    },
    options: [
      { key: 'besser', choices: ['later', 'all'] },
      { key: 'longRuns', choices: ['blocks', 'single'] },
      { key: 'meldsNeedTrick', choices: [true, false] },
      { key: 'belleNeedsTrick', choices: [true, false] },
      { key: 'kontra', choices: ['manual', 'before-first-card'] },
      { key: 'scoring', choices: ['orgi-kleines', 'flat'] },
      { key: 'target', number: { min: 1, max: 99 } },
      { key: 'dice', choices: ['up-down', 'two-dice', 'one-die'] },
    ],
  },
  {
    id: 'differenzler',
    players: [4],
    presets: ['standard'],
    presetValues: { standard: { rounds: 12, undertrump: '002', tiebreak: 'shared' } },
    options: [
      { key: 'rounds', number: { min: 1, max: 100 } },
      { key: 'undertrump', choices: ['002', 'swiss'] },
      { key: 'tiebreak', choices: ['shared', 'hits'] },
    ],
  },
  {
    id: 'klaberjass',
    players: [2],
    presets: ['hoyle'],
    presetValues: { hoyle: { target: 500, sequences: 'value' } },
    options: [
      { key: 'target', number: { min: 1, max: 5000 } },
      { key: 'sequences', choices: ['value', 'length'] },
    ],
  },
];

export const gameSpec = (id: string): GameSpec => GAMES.find((g) => g.id === id) ?? GAMES[0];

export const BOT_LEVELS = ['random', 'rule', 'search'] as const;
export type Level = (typeof BOT_LEVELS)[number];
