/** Setup: player count, rules preset and options (docs/rules/klapperjas.md lists every option). */
import { err, ok, type Result } from '../core/result.ts';

export const PRESETS = ['manual', 'klappern'] as const;
export type Preset = (typeof PRESETS)[number];

export interface KlapperjasOptions {
  /**
   * Who may say "besser" after a Kleines: only the later players of the Kleines round (000), or every
   * other player in turn from Vorhand (001).
   */
  readonly besser: 'later' | 'all';
  /**
   * When melds are declared: each player at his own turn before his first card, resolved after trick 1
   * (000 4.1), or in a round in turn from Vorhand before the first card is led, resolved and shown then (001).
   */
  readonly melding: 'first-card' | 'round';
  /** Runs of 5+ cards: split into disjoint Terz/Halber blocks, or one Halber for any run of 4+. */
  readonly longRuns: 'blocks' | 'single';
  /** Melds count only if their party takes a trick (000 3.1). */
  readonly meldsNeedTrick: boolean;
  /** Belle counts only if its party takes a trick. */
  readonly belleNeedsTrick: boolean;
  /** Kontra/Re deadlines: 000 4.1 ('manual') or only before the first card of the deal (001). */
  readonly kontra: 'manual' | 'before-first-card';
  /** Game value: Orgi 2 / Kleines 1 (000 6) or always 1 (001). */
  readonly scoring: 'orgi-kleines' | 'flat';
  /** Points that win the match. */
  readonly target: number;
  /** 3 players: after the first reaches the target the other two play on for second place (000 4.3), or the match ends (001). */
  readonly playOn: boolean;
  /** How the score is shown on dice; display only. */
  readonly dice: 'up-down' | 'two-dice' | 'one-die';
}

export interface KlapperjasConfig {
  readonly players: 2 | 3 | 4;
  readonly preset: Preset;
  readonly options: KlapperjasOptions;
}

export const PRESET_OPTIONS: Record<Preset, KlapperjasOptions> = {
  manual: {
    besser: 'later',
    melding: 'first-card',
    longRuns: 'blocks',
    meldsNeedTrick: true,
    belleNeedsTrick: false,
    kontra: 'manual',
    scoring: 'orgi-kleines',
    target: 12,
    playOn: true,
    dice: 'up-down',
  },
  klappern: {
    besser: 'all',
    melding: 'round',
    longRuns: 'blocks',
    meldsNeedTrick: false,
    belleNeedsTrick: false,
    kontra: 'before-first-card',
    scoring: 'flat',
    target: 6,
    playOn: false,
    dice: 'one-die',
  },
};

/** The values every option but `target` (a whole number 1..99) may take. */
export const CHOICES: Readonly<Record<Exclude<keyof KlapperjasOptions, 'target'>, readonly unknown[]>> = {
  besser: ['later', 'all'],
  melding: ['first-card', 'round'],
  longRuns: ['blocks', 'single'],
  meldsNeedTrick: [true, false],
  belleNeedsTrick: [true, false],
  kontra: ['manual', 'before-first-card'],
  scoring: ['orgi-kleines', 'flat'],
  playOn: [true, false],
  dice: ['up-down', 'two-dice', 'one-die'],
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export function parseConfig(input: unknown): Result<KlapperjasConfig> {
  if (!isObject(input)) return err('bad-config', 'config must be an object { players, preset?, options? }');
  for (const k of Object.keys(input))
    if (k !== 'players' && k !== 'preset' && k !== 'options')
      return err('bad-config', `unknown field "${k}"`);
  const { players, preset = 'manual', options = {} } = input;
  if (players !== 2 && players !== 3 && players !== 4) return err('bad-config', 'players must be 2, 3 or 4');
  if (typeof preset !== 'string' || !(PRESETS as readonly string[]).includes(preset))
    return err('bad-config', `preset must be one of ${PRESETS.join(', ')}`);
  if (!isObject(options)) return err('bad-config', 'options must be an object');
  const out: Record<string, unknown> = { ...PRESET_OPTIONS[preset as Preset] };
  for (const [k, v] of Object.entries(options)) {
    if (k === 'target') {
      if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > 99)
        return err('bad-config', 'option target must be an integer from 1 to 99');
    } else if (k in CHOICES) {
      const choices = CHOICES[k as keyof typeof CHOICES];
      if (!choices.includes(v))
        return err(
          'bad-config',
          `option ${k} must be one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`,
        );
    } else return err('bad-config', `unknown option "${k}"`);
    out[k] = v;
  }
  return ok({ players, preset: preset as Preset, options: out as unknown as KlapperjasOptions });
}
