/**
 * Doppelkopf setup: `{ players: 4, preset?: 'ddv' | 'house', options?: {...} }`.
 * Each preset is a full set of option values; `options` overrides single values.
 */
import { type Config, type Dependency, type OptionSchema, parseWith } from '../core/options.ts';
import type { Result } from '../core/result.ts';
import { deckOf, SOLOS, type Solo } from './cards.ts';

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

/** Cards in a hand, and so tricks in a deal: a quarter of the deck (12 with nines, 10 without). */
export const handSizeOf = (o: { readonly nines: boolean }): number => deckOf(o.nines).size / 4;

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

export type DoppelkopfConfig = Config<4, Preset, DoppelkopfOptions>;

/**
 * Options that mean something only together with another option's value (docs/rules/doppelkopf.md "Option
 * combinations"; how they are settled: core/options.ts `Dependency`).
 */
const DEPENDENCIES: readonly Dependency<DoppelkopfOptions>[] = [
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

/** Every option with its values and texts, and both presets (core/options.ts); parseConfig and meta.ts read it. */
export const SCHEMA: OptionSchema<4, Preset, DoppelkopfOptions> = {
  game: 'Doppelkopf',
  players: [4],
  presets: {
    ddv: {
      name: ['DDV-Turnierregeln', 'DDV tournament rules'],
      description: [
        '48 Karten mit Neunen, ohne Schweine und Armut; Ansagen nach Karten auf der Hand; Sonderpunkte; Plus-Minus-Wertung; 24 Spiele mit je einem Pflichtsolo.',
        '48 cards with nines, no Schweine, no Armut; announcements by cards in hand; special points; plus-minus scoring; 24 games with one compulsory solo each.',
      ],
      options: {
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
    },
    house: {
      name: ['Hausregeln (004)', 'House rules (004)'],
      description: [
        '40 Karten ohne Neunen; die zweite Dulle sticht die erste; Ansagen bis zur zweiten Karte des jeweiligen Stichs; Wertung nach 004, den Gewinnern gutgeschrieben.',
        '40 cards without nines; the second Dulle beats the first; announcements until the second card of the trick in question; 004 scoring, credited to the winners.',
      ],
      options: {
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
    },
  },
  options: {
    games: {
      kind: 'integer',
      min: 1,
      max: MAX_GAMES,
      name: ['Spiele', 'Games'],
      description: ['Anzahl der Spiele einer Partie.', 'Number of games (deals) in a match.'],
    },
    pflichtsolo: {
      kind: 'boolean',
      name: ['Pflichtsolo', 'Compulsory solo'],
      description: [
        'Jeder muss ein Solo spielen; offene Pflichtsoli werden am Ende vorgeführt.',
        'Everyone owes one solo; open ones are forced at the end (Vorführung).',
      ],
    },
    nines: {
      kind: 'boolean',
      name: ['Mit Neunen', 'With nines'],
      description: [
        '48 Karten mit Neunen (12 je Spieler) oder 40 ohne (10 je Spieler).',
        '48 cards with nines (12 each) or 40 without (10 each).',
      ],
    },
    dulle: {
      kind: 'choice',
      values: DULLE_RULES,
      name: ['Zwei Dullen', 'Two Dullen'],
      description: [
        'Welche von zwei Herz-Zehnen im selben Stich sticht.',
        'Which of two Herz-Zehn in one trick wins.',
      ],
      labels: {
        first: ['die erste (DDV)', 'the first (DDV)'],
        second: ['die zweite (004)', 'the second (004)'],
      },
    },
    immediateSolo: {
      kind: 'boolean',
      name: ['Solo sofort', 'Immediate solo'],
      description: [
        'Wer im Vorbehaltsgang gefragt wird, darf ein Solo gleich ansagen, solange niemand vor ihm Vorbehalt hat.',
        'A player asked in the Vorbehalt round may declare a solo at once while nobody before him has a Vorbehalt.',
      ],
    },
    deadlines: {
      kind: 'choice',
      values: DEADLINE_RULES,
      name: ['Ansagefristen', 'Announcement deadlines'],
      description: [
        'Nach Karten auf der Hand (Re mit 11 von 12 Karten, keine 90 mit 10, ...) oder nach gespielten Karten (vor der zweiten Karte des zweiten, dritten, ... Stichs).',
        'By cards in hand (Re with 11 of 12 cards, keine 90 with 10, ...) or by cards played (before the second card of the second, third, ... trick).',
      ],
      labels: {
        hand: ['nach Karten auf der Hand (DDV)', 'by cards in hand (DDV)'],
        trick: ['nach gespielten Karten (004)', 'by cards played (004)'],
      },
    },
    scoring: {
      kind: 'choice',
      values: SCORING_RULES,
      name: ['Abrechnung', 'Scoring'],
      description: [
        'DDV-Spielwert, plus und minus; oder 004: verdoppelt durch Re und Kontra, den Gewinnern gutgeschrieben.',
        'DDV game value, plus and minus; or 004: doubled by Re and Kontra, credited to the winners.',
      ],
      labels: {
        ddv: ['DDV (plus/minus)', 'DDV (plus/minus)'],
        house: ['004 (nur plus)', '004 (plus only)'],
      },
    },
    melden: {
      kind: 'choice',
      values: MELDEN_RULES,
      name: ['Melden', 'Reservations'],
      description: [
        'DDV: Vorbehalt, dann die Art; oder 004: Krankheit zuerst, Solo vor Armut vor Hochzeit, mehrere Solisten reizen mit ihren Ansagen, Hochzeit und Armut als verdeckter Vorbehalt.',
        'DDV: Vorbehalt, then its kind; or 004: Krankheit first, solo before Armut before Hochzeit, several soloists bid with their announcements, Hochzeit and Armut as a hidden Vorbehalt.',
      ],
      labels: {
        ddv: ['DDV', 'DDV'],
        house: ['004 (mit Reizen)', '004 (with bidding)'],
      },
    },
    krankheit: {
      kind: 'boolean',
      name: ['Krankheit', 'Krankheit (sickness)'],
      description: [
        'Wer fünf oder mehr Könige hat, darf auf neues Geben bestehen; es wird sofort neu gegeben.',
        'A player with five or more Kings may insist on a redeal, which happens at once.',
      ],
    },
    armut: {
      kind: 'choice',
      values: ARMUT_RULES,
      name: ['Armut', 'Armut (poverty)'],
      description: [
        'Wer höchstens drei Trümpfe hat, schiebt sie verdeckt nach links; wer sie aufnimmt, gibt gleich viele zurück und spielt mit ihm.',
        'A player with at most three trumps passes them face down to the left; who takes them returns as many and plays with him.',
      ],
      labels: {
        off: ['ohne Armut', 'no Armut'],
        three: ['drei Karten: alle Trümpfe, aufgefüllt', 'three cards: all trumps, filled up'],
        trumps: ['nur die Trümpfe', 'only the trumps'],
      },
    },
    schwein: {
      kind: 'choice',
      values: SCHWEIN_RULES,
      name: ['Schwein', 'Schwein'],
      description: [
        'Wer beide Füchse hat: der zweite wird höchster Trumpf, sobald mit dem ersten ein Stich gemacht wird.',
        'Who holds both Füchse (Karo-Ass): the second becomes the highest trump once a trick is made with the first.',
      ],
      labels: {
        off: ['ohne Schweine', 'no Schweine'],
        fox: ['erster Fuchs hat einen Stich gemacht', 'first Fuchs took a trick'],
        party: ['erster Fuchs von der eigenen Partei heimgebracht', 'first Fuchs won by its owner’s party'],
        any: ['erster Fuchs in einem Stich gespielt', 'first Fuchs played in any trick'],
      },
    },
    credit: {
      kind: 'choice',
      values: CREDIT_RULES,
      name: ['Gutschrift', 'Credit'],
      description: [
        'Abrechnung nach 004: die Punkte allen Gewinnern gutschreiben (Sonderpunkte der Verlierer verfallen, oder sie werden abgezogen), oder Plus-Minus (die Verlierer verlieren sie, ein Einzelspieler dreifach).',
        '004 scoring: credit the points to every winner (the losers’ Sonderpunkte lapse, or they are taken off), or plus-minus (the losers lose them, a single player three times).',
      ],
      labels: {
        winners: ['nur den Gewinnern (004)', 'winners only (004)'],
        'winners-net': [
          'nur den Gewinnern, Sonderpunkte der Verlierer abgezogen',
          'winners only, the losers’ Sonderpunkte taken off',
        ],
        'zero-sum': ['Plus-Minus', 'plus-minus'],
      },
    },
    fuchs: {
      kind: 'boolean',
      name: ['Fuchs gefangen', 'Fuchs caught'],
      description: [
        'Ein Sonderpunkt, wenn ein Fuchs (Karo-Ass) von der Gegenpartei gefangen wird (nicht im Solo).',
        'A special point when a Fuchs (Karo-Ass) is caught by the other party (not in a solo).',
      ],
    },
    karlchen: {
      kind: 'boolean',
      name: ['Karlchen', 'Karlchen'],
      description: [
        'Ein Sonderpunkt, wenn der Kreuz-Bube den letzten Stich macht (nicht im Solo).',
        'A special point when the Kreuz-Bube takes the last trick (not in a solo).',
      ],
    },
    doppelkopfTrick: {
      kind: 'boolean',
      name: ['Doppelkopf', 'Doppelkopf trick'],
      description: [
        'Ein Sonderpunkt für einen Stich mit 40 oder mehr Augen (nicht im Solo).',
        'A special point for a trick of 40 or more card points (not in a solo).',
      ],
    },
    solos: {
      kind: 'choice',
      values: SOLO_RULES,
      name: ['Soli', 'Solos'],
      description: [
        'Welche Soli gespielt werden dürfen (auch als Pflichtsolo).',
        'Which solos may be played (also as the compulsory solo).',
      ],
      labels: {
        all: [
          'alle: Damen, Buben, Karo, Herz, Pik, Kreuz, Fleischlos',
          'all: queens, jacks, diamonds, hearts, spades, clubs, no trumps',
        ],
        'no-fleischlos': ['alle außer Fleischlos', 'all but Fleischlos (no trumps)'],
        'queens-jacks': ['nur Damen- und Bubensolo', 'queens and jacks solos only'],
      },
    },
  },
  dependencies: DEPENDENCIES,
  lenient: { preset: true, options: true },
};

export const PRESET_OPTIONS: Readonly<Record<Preset, DoppelkopfOptions>> = {
  ddv: SCHEMA.presets.ddv.options,
  house: SCHEMA.presets.house.options,
};

export const parseConfig = (input: unknown): Result<DoppelkopfConfig> => parseWith(SCHEMA, input);
