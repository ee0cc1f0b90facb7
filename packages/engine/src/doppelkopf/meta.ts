/** Doppelkopf described for clients (core/meta.ts): values from config.ts, texts in German and English. */
import { alone, choice, type GameMeta, type OptionMeta, type Pair, texts, YES_NO } from '../core/meta.ts';
import {
  ARMUT_RULES,
  CREDIT_RULES,
  DEADLINE_RULES,
  type DoppelkopfOptions,
  DULLE_RULES,
  MAX_GAMES,
  MELDEN_RULES,
  PRESET_OPTIONS,
  PRESETS,
  type Preset,
  SCHWEIN_RULES,
  SCORING_RULES,
  SOLO_RULES,
} from './config.ts';

const PRESET_TEXTS: Record<Preset, { readonly name: Pair; readonly description: Pair }> = {
  ddv: {
    name: ['DDV-Turnierregeln', 'DDV tournament rules'],
    description: [
      '48 Karten mit Neunen, ohne Schweine und Armut; Ansagen nach Karten auf der Hand; Sonderpunkte; Plus-Minus-Wertung; 24 Spiele mit je einem Pflichtsolo.',
      '48 cards with nines, no Schweine, no Armut; announcements by cards in hand; special points; plus-minus scoring; 24 games with one compulsory solo each.',
    ],
  },
  house: {
    name: ['Hausregeln (004)', 'House rules (004)'],
    description: [
      '40 Karten ohne Neunen; die zweite Dulle sticht die erste; Ansagen bis zur zweiten Karte des jeweiligen Stichs; Wertung nach 004, den Gewinnern gutgeschrieben.',
      '40 cards without nines; the second Dulle beats the first; announcements until the second card of the trick in question; 004 scoring, credited to the winners.',
    ],
  },
};

/** Texts of every option; a value's label by `String(value)`. Typed by the options: a new one needs texts. */
const OPTION_TEXTS: Record<
  keyof DoppelkopfOptions,
  { readonly name: Pair; readonly description: Pair; readonly values?: Readonly<Record<string, Pair>> }
> = {
  games: {
    name: ['Spiele', 'Games'],
    description: ['Anzahl der Spiele einer Partie.', 'Number of games (deals) in a match.'],
  },
  pflichtsolo: {
    name: ['Pflichtsolo', 'Compulsory solo'],
    description: [
      'Jeder muss ein Solo spielen; offene Pflichtsoli werden am Ende vorgeführt.',
      'Everyone owes one solo; open ones are forced at the end (Vorführung).',
    ],
    values: YES_NO,
  },
  nines: {
    name: ['Mit Neunen', 'With nines'],
    description: [
      '48 Karten mit Neunen (12 je Spieler) oder 40 ohne (10 je Spieler).',
      '48 cards with nines (12 each) or 40 without (10 each).',
    ],
    values: YES_NO,
  },
  dulle: {
    name: ['Zwei Dullen', 'Two Dullen'],
    description: [
      'Welche von zwei Herz-Zehnen im selben Stich sticht.',
      'Which of two Herz-Zehn in one trick wins.',
    ],
    values: {
      first: ['die erste (DDV)', 'the first (DDV)'],
      second: ['die zweite (004)', 'the second (004)'],
    },
  },
  immediateSolo: {
    name: ['Solo sofort', 'Immediate solo'],
    description: [
      'Wer im Vorbehaltsgang gefragt wird, darf ein Solo gleich ansagen, solange niemand vor ihm Vorbehalt hat.',
      'A player asked in the Vorbehalt round may declare a solo at once while nobody before him has a Vorbehalt.',
    ],
    values: YES_NO,
  },
  deadlines: {
    name: ['Ansagefristen', 'Announcement deadlines'],
    description: [
      'Nach Karten auf der Hand (Re mit 11 von 12 Karten, keine 90 mit 10, ...) oder nach gespielten Karten (vor der zweiten Karte des zweiten, dritten, ... Stichs).',
      'By cards in hand (Re with 11 of 12 cards, keine 90 with 10, ...) or by cards played (before the second card of the second, third, ... trick).',
    ],
    values: {
      hand: ['nach Karten auf der Hand (DDV)', 'by cards in hand (DDV)'],
      trick: ['nach gespielten Karten (004)', 'by cards played (004)'],
    },
  },
  scoring: {
    name: ['Abrechnung', 'Scoring'],
    description: [
      'DDV-Spielwert, plus und minus; oder 004: verdoppelt durch Re und Kontra, den Gewinnern gutgeschrieben.',
      'DDV game value, plus and minus; or 004: doubled by Re and Kontra, credited to the winners.',
    ],
    values: {
      ddv: ['DDV (plus/minus)', 'DDV (plus/minus)'],
      house: ['004 (nur plus)', '004 (plus only)'],
    },
  },
  melden: {
    name: ['Melden', 'Reservations'],
    description: [
      'DDV: Vorbehalt, dann die Art; oder 004: Krankheit zuerst, Solo vor Armut vor Hochzeit, mehrere Solisten reizen mit ihren Ansagen, Hochzeit und Armut als verdeckter Vorbehalt.',
      'DDV: Vorbehalt, then its kind; or 004: Krankheit first, solo before Armut before Hochzeit, several soloists bid with their announcements, Hochzeit and Armut as a hidden Vorbehalt.',
    ],
    values: {
      ddv: ['DDV', 'DDV'],
      house: ['004 (mit Reizen)', '004 (with bidding)'],
    },
  },
  krankheit: {
    name: ['Krankheit', 'Krankheit (sickness)'],
    description: [
      'Wer fünf oder mehr Könige hat, darf auf neues Geben bestehen; es wird sofort neu gegeben.',
      'A player with five or more Kings may insist on a redeal, which happens at once.',
    ],
    values: YES_NO,
  },
  armut: {
    name: ['Armut', 'Armut (poverty)'],
    description: [
      'Wer höchstens drei Trümpfe hat, schiebt sie verdeckt nach links; wer sie aufnimmt, gibt gleich viele zurück und spielt mit ihm.',
      'A player with at most three trumps passes them face down to the left; who takes them returns as many and plays with him.',
    ],
    values: {
      off: ['ohne Armut', 'no Armut'],
      three: ['drei Karten: alle Trümpfe, aufgefüllt', 'three cards: all trumps, filled up'],
      trumps: ['nur die Trümpfe', 'only the trumps'],
    },
  },
  schwein: {
    name: ['Schwein', 'Schwein'],
    description: [
      'Wer beide Füchse hat: der zweite wird höchster Trumpf, sobald mit dem ersten ein Stich gemacht wird.',
      'Who holds both Füchse (Karo-Ass): the second becomes the highest trump once a trick is made with the first.',
    ],
    values: {
      off: ['ohne Schweine', 'no Schweine'],
      fox: ['erster Fuchs hat einen Stich gemacht', 'first Fuchs took a trick'],
      party: ['erster Fuchs von der eigenen Partei heimgebracht', 'first Fuchs won by its owner’s party'],
      any: ['erster Fuchs in einem Stich gespielt', 'first Fuchs played in any trick'],
    },
  },
  credit: {
    name: ['Gutschrift', 'Credit'],
    description: [
      'Abrechnung nach 004: die Punkte allen Gewinnern gutschreiben (Sonderpunkte der Verlierer verfallen, oder sie werden abgezogen), oder Plus-Minus (die Verlierer verlieren sie, ein Einzelspieler dreifach).',
      '004 scoring: credit the points to every winner (the losers’ Sonderpunkte lapse, or they are taken off), or plus-minus (the losers lose them, a single player three times).',
    ],
    values: {
      winners: ['nur den Gewinnern (004)', 'winners only (004)'],
      'winners-net': [
        'nur den Gewinnern, Sonderpunkte der Verlierer abgezogen',
        'winners only, the losers’ Sonderpunkte taken off',
      ],
      'zero-sum': ['Plus-Minus', 'plus-minus'],
    },
  },
  fuchs: {
    name: ['Fuchs gefangen', 'Fuchs caught'],
    description: [
      'Ein Sonderpunkt, wenn ein Fuchs (Karo-Ass) von der Gegenpartei gefangen wird (nicht im Solo).',
      'A special point when a Fuchs (Karo-Ass) is caught by the other party (not in a solo).',
    ],
    values: YES_NO,
  },
  karlchen: {
    name: ['Karlchen', 'Karlchen'],
    description: [
      'Ein Sonderpunkt, wenn der Kreuz-Bube den letzten Stich macht (nicht im Solo).',
      'A special point when the Kreuz-Bube takes the last trick (not in a solo).',
    ],
    values: YES_NO,
  },
  doppelkopfTrick: {
    name: ['Doppelkopf', 'Doppelkopf trick'],
    description: [
      'Ein Sonderpunkt für einen Stich mit 40 oder mehr Augen (nicht im Solo).',
      'A special point for a trick of 40 or more card points (not in a solo).',
    ],
    values: YES_NO,
  },
  solos: {
    name: ['Soli', 'Solos'],
    description: [
      'Welche Soli gespielt werden dürfen (auch als Pflichtsolo).',
      'Which solos may be played (also as the compulsory solo).',
    ],
    values: {
      all: [
        'alle: Damen, Buben, Karo, Herz, Pik, Kreuz, Fleischlos',
        'all: queens, jacks, diamonds, hearts, spades, clubs, no trumps',
      ],
      'no-fleischlos': ['alle außer Fleischlos', 'all but Fleischlos (no trumps)'],
      'queens-jacks': ['nur Damen- und Bubensolo', 'queens and jacks solos only'],
    },
  },
};

const CHOICES: Partial<Record<keyof DoppelkopfOptions, readonly (string | boolean)[]>> = {
  pflichtsolo: [true, false],
  nines: [true, false],
  dulle: DULLE_RULES,
  immediateSolo: [true, false],
  deadlines: DEADLINE_RULES,
  scoring: SCORING_RULES,
  melden: MELDEN_RULES,
  krankheit: [true, false],
  armut: ARMUT_RULES,
  schwein: SCHWEIN_RULES,
  credit: CREDIT_RULES,
  fuchs: [true, false],
  karlchen: [true, false],
  doppelkopfTrick: [true, false],
  solos: SOLO_RULES,
};

function option(key: keyof DoppelkopfOptions): OptionMeta {
  const x = OPTION_TEXTS[key];
  if (key === 'games')
    return {
      key,
      kind: 'integer',
      name: texts(x.name),
      description: texts(x.description),
      min: 1,
      max: MAX_GAMES,
    };
  const values = CHOICES[key];
  if (!values) throw new Error(`doppelkopf meta: option ${key} has no values`);
  return choice(key, texts(x.name), texts(x.description), values, x.values ?? {});
}

export const doppelkopfMeta: GameMeta = {
  id: 'doppelkopf',
  name: { de: 'Doppelkopf', en: 'Doppelkopf' },
  summary: {
    de: 'Zu viert mit doppeltem Blatt: Re gegen Kontra, wer wer ist, zeigt sich im Spiel; Soli, Hochzeit und Ansagen.',
    en: 'Four players, a doubled pack: Re against Kontra, who is who shows in play; solos, Hochzeit and announcements.',
  },
  players: [4],
  // The parties change from deal to deal; the match score is kept per seat.
  parties: alone([4]),
  presets: PRESETS.map((id) => ({
    id,
    name: texts(PRESET_TEXTS[id].name),
    description: texts(PRESET_TEXTS[id].description),
    options: { ...PRESET_OPTIONS[id] },
  })),
  options: (Object.keys(PRESET_OPTIONS[PRESETS[0]]) as (keyof DoppelkopfOptions)[]).map(option),
  // Normal game: Dullen, Damen, Buben, then the Karo Ass, Zehn, König, Neun; plain suits A T K 9. Views list
  // hands already in the contract's order (view.ts), so this is the rank order of the normal game.
  ranks: { trump: ['T', 'Q', 'J', 'A', 'K', '9'], plain: ['A', 'T', 'K', 'Q', 'J', '9'] },
  direction: 'clockwise',
};
