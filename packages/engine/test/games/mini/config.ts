/**
 * Mini's setup: `{ players: 4, preset?: 'named' | 'plain', options?: { trump, deals } }`. Four players only:
 * the parties are the seats opposite each other.
 */
import { err, ok, type Result } from '../../../src/index.ts';

export const PRESETS = ['named', 'plain'] as const;
export type Preset = (typeof PRESETS)[number];

/** Who decides trump: the seat after the dealer names a suit, or there is none. */
export const TRUMPS = ['named', 'none'] as const;
export type TrumpRule = (typeof TRUMPS)[number];

export const MAX_DEALS = 20;

export interface MiniOptions {
  readonly trump: TrumpRule;
  /** Deals in a match. */
  readonly deals: number;
}

export interface MiniConfig {
  readonly players: 4;
  readonly preset: Preset;
  readonly options: MiniOptions;
}

export const PRESET_OPTIONS: Readonly<Record<Preset, MiniOptions>> = {
  named: { trump: 'named', deals: 4 },
  plain: { trump: 'none', deals: 4 },
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export function parseConfig(input: unknown): Result<MiniConfig> {
  if (!isObject(input))
    return err('bad-config', 'config must be an object { players: 4, preset?, options? }');
  for (const k of Object.keys(input))
    if (k !== 'players' && k !== 'preset' && k !== 'options') return err('bad-config', `unknown field ${k}`);
  if (input.players !== 4) return err('bad-config', 'Mini is played by exactly 4 players');
  const preset = input.preset ?? PRESETS[0];
  if (!(PRESETS as readonly unknown[]).includes(preset))
    return err('bad-config', `preset must be one of ${PRESETS.join(', ')}`);
  const defaults = PRESET_OPTIONS[preset as Preset];
  const raw = input.options ?? {};
  if (!isObject(raw)) return err('bad-config', 'options must be an object');
  for (const k of Object.keys(raw)) if (!(k in defaults)) return err('bad-config', `unknown option ${k}`);
  const trump = raw.trump ?? defaults.trump;
  if (!(TRUMPS as readonly unknown[]).includes(trump))
    return err('bad-config', `trump must be one of ${TRUMPS.join(', ')}`);
  const deals = raw.deals ?? defaults.deals;
  if (typeof deals !== 'number' || !Number.isInteger(deals) || deals < 1 || deals > MAX_DEALS)
    return err('bad-config', `deals must be an integer from 1 to ${MAX_DEALS}`);
  return ok({ players: 4, preset: preset as Preset, options: { trump: trump as TrumpRule, deals } });
}
