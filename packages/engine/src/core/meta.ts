/**
 * What a client needs to offer a game without knowing its rules: names, player counts, presets, every
 * option with its values and texts (German and English), and the card order a hand is shown in.
 * Each game describes itself in `<game>/meta.ts`; its presets and options come from the option schema in
 * its config.ts (core/options.ts), which also gives `parseConfig`, and a test checks every description
 * against the game's `parseConfig`. Served as `GET /api/games`.
 */
import type { Rank } from './cards.ts';
import type { GameId, Seat } from './game.ts';

/** A text in both interface languages. */
export interface Texts {
  readonly de: string;
  readonly en: string;
}

export type OptionValue = string | number | boolean;

export interface ChoiceMeta {
  readonly value: string | boolean;
  readonly label: Texts;
}

interface OptionBase {
  readonly key: string;
  readonly name: Texts;
  /** One line: what the option decides. */
  readonly description: Texts;
}

/** An option: one of a list of values, or a whole number within bounds. */
export type OptionMeta =
  | (OptionBase & { readonly kind: 'choice'; readonly values: readonly ChoiceMeta[] })
  | (OptionBase & { readonly kind: 'integer'; readonly min: number; readonly max: number });

export interface PresetMeta {
  readonly id: string;
  readonly name: Texts;
  /** One line: what sets the preset apart. */
  readonly description: Texts;
  /** The value of every option under this preset (what `parseConfig` gives without `options`). */
  readonly options: Readonly<Record<string, OptionValue>>;
}

export interface GameMeta {
  readonly id: GameId;
  readonly name: Texts;
  /** One line on what the game is, for choosing it (optional: a game without one shows its name only). */
  readonly summary?: Texts;
  /** Allowed player counts, the usual one first. */
  readonly players: readonly number[];
  /** The first preset is the default. */
  readonly presets: readonly PresetMeta[];
  readonly options: readonly OptionMeta[];
  /** Rank order to show a hand in, strongest first: within the trump suit and within the other suits. */
  readonly ranks: { readonly trump: readonly Rank[]; readonly plain: readonly Rank[] };
  /** The parties by player count (key: the count): seats that play together; one seat each where all play alone. */
  readonly parties: Readonly<Record<string, readonly (readonly Seat[])[]>>;
  /** The direction play goes round the table: the next seat sits to the left (clockwise) or the right. */
  readonly direction: 'clockwise' | 'counterclockwise';
}

/** A text written as [German, English], the way the games' tables write them. */
export type Pair = readonly [string, string];
export const texts = ([de, en]: Pair): Texts => ({ de, en });

/** Parties by player count where everyone plays alone. */
export function alone(players: readonly number[]): Record<string, Seat[][]> {
  return Object.fromEntries(players.map((n) => [String(n), Array.from({ length: n }, (_, i) => [i])]));
}

export const YES_NO: Readonly<Record<string, Pair>> = {
  true: ['ja', 'yes'],
  false: ['nein', 'no'],
};
