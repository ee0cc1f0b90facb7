/**
 * Differenzler setup: `{ players: 4, preset?: 'standard', options?: { rounds, undertrump, tiebreak } }`.
 */
import { err, ok, type Result } from '../core/result.ts';
import { UNDERTRUMP_RULES, type UndertrumpRule } from './rules.ts';

export const PRESETS = ['standard'] as const;
export type Preset = (typeof PRESETS)[number];

/** How a tie for the lowest total is settled: shared win, or more exact estimates first. */
export const TIEBREAKS = ['shared', 'hits'] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

export const MAX_ROUNDS = 100;

export interface DifferenzlerOptions {
  /** Rounds (deals) in a match; 12 by default, so that every seat deals three times. */
  readonly rounds: number;
  readonly undertrump: UndertrumpRule;
  readonly tiebreak: Tiebreak;
}

export interface DifferenzlerConfig {
  readonly players: 4;
  readonly preset: Preset;
  readonly options: DifferenzlerOptions;
}

export const DEFAULT_OPTIONS: DifferenzlerOptions = { rounds: 12, undertrump: '002', tiebreak: 'shared' };

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export function parseConfig(input: unknown): Result<DifferenzlerConfig> {
  if (!isObject(input))
    return err('bad-config', 'config must be an object { players: 4, preset?, options? }');
  for (const k of Object.keys(input))
    if (k !== 'players' && k !== 'preset' && k !== 'options') return err('bad-config', `unknown field ${k}`);
  if (input.players !== 4) return err('bad-config', 'Differenzler is played by exactly 4 players');
  const preset = input.preset ?? 'standard';
  if (!(PRESETS as readonly unknown[]).includes(preset))
    return err('bad-config', `preset must be one of ${PRESETS.join(', ')}`);
  const raw = input.options ?? {};
  if (!isObject(raw)) return err('bad-config', 'options must be an object');
  for (const k of Object.keys(raw))
    if (!(k in DEFAULT_OPTIONS)) return err('bad-config', `unknown option ${k}`);
  const rounds = raw.rounds ?? DEFAULT_OPTIONS.rounds;
  if (typeof rounds !== 'number' || !Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)
    return err('bad-config', `rounds must be an integer from 1 to ${MAX_ROUNDS}`);
  const undertrump = raw.undertrump ?? DEFAULT_OPTIONS.undertrump;
  if (!(UNDERTRUMP_RULES as readonly unknown[]).includes(undertrump))
    return err('bad-config', `undertrump must be one of ${UNDERTRUMP_RULES.join(', ')}`);
  const tiebreak = raw.tiebreak ?? DEFAULT_OPTIONS.tiebreak;
  if (!(TIEBREAKS as readonly unknown[]).includes(tiebreak))
    return err('bad-config', `tiebreak must be one of ${TIEBREAKS.join(', ')}`);
  return ok({
    players: 4,
    preset: preset as Preset,
    options: { rounds, undertrump: undertrump as UndertrumpRule, tiebreak: tiebreak as Tiebreak },
  });
}
