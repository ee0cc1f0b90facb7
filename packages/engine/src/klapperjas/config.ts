/** Setup: player count, rules preset and options (docs/rules/klapperjas.md lists every option). */
import { type Config, type OptionSchema, parseWith } from '../core/options.ts';
import type { Result } from '../core/result.ts';

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

export type KlapperjasConfig = Config<2 | 3 | 4, Preset, KlapperjasOptions>;

/** Every option with its values and texts, and both presets (core/options.ts); parseConfig and meta.ts read it. */
export const SCHEMA: OptionSchema<2 | 3 | 4, Preset, KlapperjasOptions> = {
  game: 'Klapper-Jas',
  players: [4, 3, 2],
  presets: {
    manual: {
      name: ['Anleitung (Klapper-Jas-Spielanleitung)', 'Manual (Klapper-Jas game manual)'],
      description: [
        'Orgi 2, Kleines 1, verloren doppelt; Kontra bis zur ersten Karte, Re bis zur zweiten; Partie bis 12 auf dem Würfel rauf und runter.',
        'Orgi 2, Kleines 1, a loss doubles; Kontra before the first card, Re before the second; match to 12 on the die up and down.',
      ],
      options: {
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
    },
    klappern: {
      name: ['Klappern (Kurzregeln)', 'Klappern (short rules)'],
      description: [
        'Jedes Spiel 1 Punkt, verloren 2; Kontra und Re nur vor der ersten Karte; Meldungen reihum vor dem ersten Ausspielen, ohne Stich; Partie bis 6 auf einem Würfel, zu dritt ohne Spiel um Platz 2.',
        'Every game 1 point, lost 2; Kontra and Re only before the first card; melds declared in turn before the first lead, no trick needed; match to 6 on one die, with 3 players no play-on for second place.',
      ],
      options: {
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
    },
  },
  options: {
    besser: {
      kind: 'choice',
      values: ['later', 'all'],
      name: ['„Besser“ sagen', 'Saying "besser"'],
      description: [
        'Wer nach einem Kleines „besser“ (Kreuz) sagen darf.',
        'Who may say "besser" (Kreuz) after a Kleines.',
      ],
      labels: {
        later: [
          'nur die Späteren der Kleines-Runde (Anleitung)',
          'only the later players of the Kleines round (manual)',
        ],
        all: [
          'jeder andere reihum ab Vorhand (Klappern)',
          'every other player in turn from Vorhand (Klappern)',
        ],
      },
    },
    melding: {
      kind: 'choice',
      values: ['first-card', 'round'],
      name: ['Melden', 'Declaring melds'],
      description: [
        'Wann Terz und Halbe gemeldet werden: jeder vor seiner ersten Karte, entschieden nach dem ersten Stich; oder in einer Melderunde ab Vorhand, sofort entschieden und gezeigt.',
        'When Terz and Halber are declared: each player before his own first card, settled after trick 1; or in a meld round from Vorhand, settled and shown at once.',
      ],
      labels: {
        'first-card': ['vor der eigenen ersten Karte (Anleitung)', "before one's own first card (manual)"],
        round: ['reihum vor dem ersten Ausspielen (Klappern)', 'in turn before the first lead (Klappern)'],
      },
    },
    longRuns: {
      kind: 'choice',
      values: ['blocks', 'single'],
      name: ['Lange Folgen', 'Long runs'],
      description: [
        'Fünf und mehr Karten in Folge: in Terz/Halben-Blöcke teilen oder als ein Halber zählen.',
        'Five or more cards in sequence: split into Terz/Halber blocks or count as one Halber.',
      ],
      labels: { blocks: ['in Blöcke teilen', 'split into blocks'], single: ['ein Halber', 'one Halber'] },
    },
    meldsNeedTrick: {
      kind: 'boolean',
      name: ['Meldungen brauchen einen Stich', 'Melds need a Stich'],
      description: [
        'Terz und Halber zählen nur, wenn die Partei einen Stich bekommt (Anleitung 3.1).',
        'Terz and Halber count only if the party takes a trick (manual 3.1).',
      ],
    },
    belleNeedsTrick: {
      kind: 'boolean',
      name: ['Belle braucht einen Stich', 'Belle needs a Stich'],
      description: [
        'Die Belle zählt nur, wenn die Partei einen Stich bekommt.',
        'Belle counts only if the party takes a trick.',
      ],
    },
    kontra: {
      kind: 'choice',
      values: ['manual', 'before-first-card'],
      name: ['Kontra und Re', 'Kontra and Re'],
      description: ['Bis wann Kontra und Re gesagt werden dürfen.', 'Until when Kontra and Re may be said.'],
      labels: {
        manual: [
          'Kontra mit allen Karten in der Hand, Re vor der zweiten Karte (Anleitung 4.1)',
          'Kontra with all cards in hand, Re before the second card (manual 4.1)',
        ],
        'before-first-card': ['nur vor der ersten Karte (Klappern)', 'only before the first card (Klappern)'],
      },
    },
    scoring: {
      kind: 'choice',
      values: ['orgi-kleines', 'flat'],
      name: ['Spielwert', 'Game value'],
      description: [
        'Wie viel ein gewonnenes Spiel zählt; verloren zählt doppelt für die Gegner.',
        'What a won game counts; a lost one counts double for the opponents.',
      ],
      labels: { 'orgi-kleines': ['Orgi 2, Kleines 1', 'Orgi 2, Kleines 1'], flat: ['immer 1', 'always 1'] },
    },
    target: {
      kind: 'integer',
      min: 1,
      max: 99,
      name: ['Partie bis', 'Match to'],
      description: ['Punkte, mit denen die Partie gewonnen ist.', 'Points that win the match.'],
    },
    playOn: {
      kind: 'boolean',
      name: ['Um Platz 2 weiterspielen (zu dritt)', 'Play on for second place (3 players)'],
      description: [
        'Hat einer das Ziel erreicht, spielen die beiden anderen zu zweit um Platz 2 weiter (Anleitung 4.3); sonst endet die Partie mit dem Sieger (Klappern).',
        'Once one player reaches the target, the other two play on as two players for second place (manual 4.3); otherwise the match ends with the winner (Klappern).',
      ],
    },
    dice: {
      kind: 'choice',
      values: ['up-down', 'two-dice', 'one-die'],
      name: ['Würfel', 'Dice'],
      description: [
        'Nur die Anzeige: wie die Punkte auf dem Würfel gehalten werden.',
        'Display only: how the points are kept on the dice.',
      ],
      labels: {
        'up-down': ['ein Würfel rauf und runter (Bierdeckel)', 'one die up and down (coaster)'],
        'two-dice': ['zwei Würfel', 'two dice'],
        'one-die': ['ein Würfel', 'one die'],
      },
    },
  },
};

export const PRESET_OPTIONS: Readonly<Record<Preset, KlapperjasOptions>> = {
  manual: SCHEMA.presets.manual.options,
  klappern: SCHEMA.presets.klappern.options,
};

export const parseConfig = (input: unknown): Result<KlapperjasConfig> => parseWith(SCHEMA, input);
