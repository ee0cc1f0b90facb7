/**
 * Doppelkopf setup: `{ players: 4, preset?: 'ddv' | 'house', options?: {...} }`.
 * Each preset is a full set of option values; `options` overrides single values.
 */
import { err, ok, type Result } from '../core/result.ts';
import { SOLOS, type Solo } from './cards.ts';

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
 * - `credit`: 004 "wird allen Gewinnern gutgeschrieben": `winners` (the winners' Sonderpunkte are added, the
 *   losers' lapse, so winning never costs points), `winners-net` (the losers' Sonderpunkte are taken off, so
 *   the winners' credit may be negative), or `zero-sum` (the losers lose it, a single player three times);
 * - `fuchs`, `karlchen`, `doppelkopfTrick`: the Sonderpunkte counted by the house scoring.
 */
export const MELDEN_RULES = ['ddv', 'house'] as const;
export type MeldenRule = (typeof MELDEN_RULES)[number];
export const ARMUT_RULES = ['off', 'three', 'trumps'] as const;
export type ArmutRule = (typeof ARMUT_RULES)[number];
export const SCHWEIN_RULES = ['off', 'fox', 'party', 'any'] as const;
export type SchweinRule = (typeof SCHWEIN_RULES)[number];
export const CREDIT_RULES = ['winners', 'winners-net', 'zero-sum'] as const;
export type CreditRule = (typeof CREDIT_RULES)[number];

/**
 * Which solo kinds a table plays (docs/rules/doppelkopf.md "Solos"): `all` seven (DDV: Damen-, Buben-, the
 * four Farbsoli, Fleischlos), `no-fleischlos` (without the Fleischlos / Assolo, which many rounds leave out),
 * `queens-jacks` (only Damen- and Buben-Solo, the "kleine" set of many house rounds).
 */
export const SOLO_RULES = ['all', 'no-fleischlos', 'queens-jacks'] as const;
export type SoloRule = (typeof SOLO_RULES)[number];
/** The solos of each rule, in `SOLOS` order. */
export const SOLOS_OF: Readonly<Record<SoloRule, readonly Solo[]>> = {
  all: SOLOS,
  'no-fleischlos': SOLOS.filter((g) => g !== 'fleischlos'),
  'queens-jacks': SOLOS.filter((g) => g === 'queens' || g === 'jacks'),
};

export const MAX_GAMES = 1000;

/** Cards in a hand, and so tricks in a deal: 12 with nines (48 cards), 10 without (40). */
export const handSizeOf = (o: { readonly nines: boolean }): number => (o.nines ? 12 : 10);

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
  /** The solo kinds offered (declared, named after bidding, forced as Vorführung). */
  readonly solos: SoloRule;
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
    solos: 'all',
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
    armut: 'trumps',
    schwein: 'fox',
    credit: 'winners',
    fuchs: true,
    karlchen: true,
    doppelkopfTrick: true,
    solos: 'all',
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
  solos: oneOf(SOLO_RULES),
};

/**
 * Options that mean something only together with another option's value (docs/rules/doppelkopf.md "Option
 * combinations"). An option set explicitly wins over a preset's value: the preset's value it contradicts
 * follows it (`needs` is set, or the preset's own `option` falls back to `neutral`). Two explicit options that
 * contradict each other are refused.
 */
interface Dependency {
  readonly option: keyof DoppelkopfOptions;
  /** The option's values that need `needs`. */
  readonly active: (v: unknown) => boolean;
  /** The value that leaves the rule inactive. */
  readonly neutral: unknown;
  readonly needs: keyof DoppelkopfOptions;
  readonly value: unknown;
  readonly why: string;
}

export const DEPENDENCIES: readonly Dependency[] = [
  {
    option: 'armut',
    active: (v) => v !== 'off',
    neutral: 'off',
    needs: 'melden',
    value: 'house',
    why: "Armut is claimed in 004's Melden round (melden: 'house'); the DDV round has no Armut",
  },
  {
    option: 'krankheit',
    active: (v) => v === true,
    neutral: false,
    needs: 'melden',
    value: 'house',
    why: "Krankheit is claimed in 004's Melden round (melden: 'house'); the DDV round has no Krankheit",
  },
  {
    option: 'immediateSolo',
    active: (v) => v === true,
    neutral: false,
    needs: 'melden',
    value: 'ddv',
    why: "an immediate solo belongs to the DDV Vorbehalt round (melden: 'ddv'); in 004's Melden round every solo is said at once anyway",
  },
  {
    option: 'credit',
    active: (v) => v !== 'zero-sum',
    neutral: 'zero-sum',
    needs: 'scoring',
    value: 'house',
    why: "crediting the winners only is 004's scoring (scoring: 'house'); the DDV value is always plus-minus",
  },
];

/**
 * The preset's options with the explicit ones applied and the dependencies settled, or the reason two
 * explicit options contradict each other. Each settling step sets an option that was not explicit, so the
 * loop ends.
 */
function settle(options: Record<string, unknown>, explicit: ReadonlySet<string>): string | undefined {
  // Options set here for an explicit one, by the option that needed them.
  const setFor = new Map<string, string>();
  const show = (k: string) => `${k} ${JSON.stringify(options[k])}`;
  for (let changed = true; changed; ) {
    changed = false;
    for (const dep of DEPENDENCIES) {
      if (!dep.active(options[dep.option]) || options[dep.needs] === dep.value) continue;
      if (!explicit.has(dep.option)) options[dep.option] = dep.neutral;
      else if (explicit.has(dep.needs))
        return `option ${show(dep.option)} contradicts ${show(dep.needs)}: ${dep.why}`;
      else if (setFor.has(dep.needs))
        return `option ${show(dep.option)} contradicts option ${show(setFor.get(dep.needs) as string)}: ${dep.why}`;
      else {
        options[dep.needs] = dep.value;
        setFor.set(dep.needs, dep.option);
      }
      changed = true;
    }
  }
  return undefined;
}

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
  const why = settle(options, new Set(Object.keys(raw)));
  if (why) return err('bad-config', why);
  return ok({ players: 4, preset: preset as Preset, options: options as unknown as DoppelkopfOptions });
}
