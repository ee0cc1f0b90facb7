/**
 * Doppelkopf setup: `{ players: 4, preset?: 'ddv' | 'house', options?: {...} }` (DOKO-API.md).
 * Each preset is a full set of option values; `options` overrides single values.
 */
import { err, ok, type Result } from '../core/result.ts';

export const PRESETS = ['ddv', 'house'] as const;
export type Preset = (typeof PRESETS)[number];

/** Which of two equal Herz-Zehn takes the trick: the first (DDV), or the second (004). */
export const DULLE_RULES = ['first', 'second'] as const;
export type DulleRule = (typeof DULLE_RULES)[number];

/**
 * How announcement deadlines are counted: by the cards in the announcer's hand (DDV: Re/Kontra with at least
 * 11 of 12 cards, keine 90 with 10, ...), or by the cards played (004: "bevor die zweite Karte des zweiten
 * Stichs liegt", keine-90 before the second card of the third trick, ...).
 */
export const DEADLINE_RULES = ['hand', 'trick'] as const;
export type DeadlineRule = (typeof DEADLINE_RULES)[number];

/** How a deal is valued: the DDV list of items, or 004's "Punkte" section. */
export const SCORING_RULES = ['ddv', 'house'] as const;
export type ScoringRule = (typeof SCORING_RULES)[number];

/**
 * House rules of 004 (doko-house; docs/rules/doppelkopf.md "House preset (004)"):
 * - `melden`: the reservation round: DDV (Vorbehalt, then the kind), or 004 "Melden" (Krankheit, Solo with
 *   bidding among several candidates, Vorbehalt for Hochzeit and Armut; Solo before Armut before Hochzeit);
 * - `armut`: off, or what the poor player passes: `three` cards (all his trumps, filled up with cards of his
 *   choice), or only his `trumps` (004 "gibt alle Trümpfe");
 * - `schwein` ("sobald mit dem ersten ein Stich gemacht wird"): off; `fox`: the second Fuchs is a Schwein once
 *   the first Fuchs took a trick (its owner won the trick he played it to); `party`: once the trick of the
 *   first Fuchs went to its owner's party; `any`: once the first Fuchs lay in a trick;
 * - `credit`: 004 "wird allen Gewinnern gutgeschrieben" (winners only), or zero-sum (the losers lose it, a
 *   single player three times);
 * - `fuchs`, `karlchen`, `doppelkopfTrick`: the Sonderpunkte counted by the house scoring.
 */
export const MELDEN_RULES = ['ddv', 'house'] as const;
export type MeldenRule = (typeof MELDEN_RULES)[number];
export const ARMUT_RULES = ['off', 'three', 'trumps'] as const;
export type ArmutRule = (typeof ARMUT_RULES)[number];
export const SCHWEIN_RULES = ['off', 'fox', 'party', 'any'] as const;
export type SchweinRule = (typeof SCHWEIN_RULES)[number];
export const CREDIT_RULES = ['winners', 'zero-sum'] as const;
export type CreditRule = (typeof CREDIT_RULES)[number];

export const MAX_GAMES = 1000;

export interface DoppelkopfOptions {
  /** Deals in the match. */
  readonly games: number;
  /** Every player owes one Pflichtsolo per match; the open ones are forced at the end (Vorführung). */
  readonly pflichtsolo: boolean;
  /** 48 cards with nines (DDV) or 40 without (004). */
  readonly nines: boolean;
  readonly dulle: DulleRule;
  /** A seat asked in the Vorbehalt round may declare a solo at once while nobody before it has a Vorbehalt. */
  readonly immediateSolo: boolean;
  readonly deadlines: DeadlineRule;
  readonly scoring: ScoringRule;
  readonly melden: MeldenRule;
  /** Five or more Kings: the player may insist on a redeal (004 "Krankheit"). */
  readonly krankheit: boolean;
  readonly armut: ArmutRule;
  readonly schwein: SchweinRule;
  readonly credit: CreditRule;
  readonly fuchs: boolean;
  readonly karlchen: boolean;
  readonly doppelkopfTrick: boolean;
}

export interface DoppelkopfConfig {
  readonly players: 4;
  readonly preset: Preset;
  readonly options: DoppelkopfOptions;
}

export const PRESET_OPTIONS: Readonly<Record<Preset, DoppelkopfOptions>> = {
  ddv: {
    games: 24,
    pflichtsolo: true,
    nines: true,
    dulle: 'first',
    immediateSolo: true,
    deadlines: 'hand',
    scoring: 'ddv',
    melden: 'ddv',
    krankheit: false,
    armut: 'off',
    schwein: 'off',
    credit: 'zero-sum',
    fuchs: true,
    karlchen: true,
    doppelkopfTrick: true,
  },
  house: {
    games: 24,
    pflichtsolo: false,
    nines: false,
    dulle: 'second',
    immediateSolo: false,
    deadlines: 'trick',
    scoring: 'house',
    melden: 'house',
    krankheit: true,
    armut: 'three',
    schwein: 'fox',
    credit: 'winners',
    fuchs: true,
    karlchen: true,
    doppelkopfTrick: true,
  },
};

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

type Check = (v: unknown) => string | undefined;
const oneOf =
  (list: readonly unknown[]): Check =>
  (v) =>
    list.includes(v) ? undefined : `must be one of ${list.join(', ')}`;
const bool: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');

/** Every option's check: a new option needs its entry here (the type makes it so). */
const CHECKS: Readonly<Record<keyof DoppelkopfOptions, Check>> = {
  games: (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_GAMES
      ? undefined
      : `must be an integer from 1 to ${MAX_GAMES}`,
  pflichtsolo: bool,
  nines: bool,
  dulle: oneOf(DULLE_RULES),
  immediateSolo: bool,
  deadlines: oneOf(DEADLINE_RULES),
  scoring: oneOf(SCORING_RULES),
  melden: oneOf(MELDEN_RULES),
  krankheit: bool,
  armut: oneOf(ARMUT_RULES),
  schwein: oneOf(SCHWEIN_RULES),
  credit: oneOf(CREDIT_RULES),
  fuchs: bool,
  karlchen: bool,
  doppelkopfTrick: bool,
};

export function parseConfig(input: unknown): Result<DoppelkopfConfig> {
  if (!isObject(input))
    return err('bad-config', 'config must be an object { players: 4, preset?, options? }');
  for (const k of Object.keys(input))
    if (k !== 'players' && k !== 'preset' && k !== 'options') return err('bad-config', `unknown field ${k}`);
  if (input.players !== 4) return err('bad-config', 'Doppelkopf is played by exactly 4 players');
  const preset = input.preset ?? PRESETS[0];
  if (!(PRESETS as readonly unknown[]).includes(preset))
    return err('bad-config', `preset must be one of ${PRESETS.join(', ')}`);
  const raw = input.options ?? {};
  if (!isObject(raw)) return err('bad-config', 'options must be an object');
  const options: Record<string, unknown> = { ...PRESET_OPTIONS[preset as Preset] };
  for (const [k, v] of Object.entries(raw)) {
    const check = (CHECKS as Record<string, Check | undefined>)[k];
    if (!check) return err('bad-config', `unknown option ${k}`);
    const why = check(v);
    if (why) return err('bad-config', `option ${k} ${why}`);
    options[k] = v;
  }
  return ok({ players: 4, preset: preset as Preset, options: options as unknown as DoppelkopfOptions });
}
