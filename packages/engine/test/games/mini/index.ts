/** Mini, a trick game that lives only in the tests: its rules (rules.ts) on the kernel's `trickGame`. */
import { trickGame } from '../../../src/index.ts';
import type { ConformanceEntry } from '../../conformance.ts';
import { PRESET_OPTIONS, PRESETS, type Preset } from './config.ts';
import { MINI } from './rules.ts';

export const mini = trickGame(MINI);

/** What the conformance suite needs beyond the `Game` interface. */
export const miniEntry: ConformanceEntry = {
  game: mini,
  adapter: {
    presets: PRESETS,
    kinds: ['name', 'play'],
    absent: (preset, _, options) =>
      ((options as { trump?: string } | undefined)?.trump ?? PRESET_OPTIONS[preset as Preset].trump) ===
      'none'
        ? ['name']
        : [],
    variants: [{ preset: 'plain', options: { trump: 'named', deals: 1 } }],
  },
};
