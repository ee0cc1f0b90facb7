/** Klapper-Jas described for clients (core/meta.ts): values from config.ts, texts in German and English. */

import { SPECTATOR } from '../core/game.ts';
import { choice, type GameMeta, type OptionMeta, type Pair, texts, YES_NO } from '../core/meta.ts';
import { unwrap } from '../core/result.ts';
import { PLAIN_ORDER, TRUMP_ORDER } from '../kernel/jass.ts';
import { CHOICES, type KlapperjasOptions, PRESET_OPTIONS, PRESETS, type Preset } from './config.ts';
import { klapperjas } from './index.ts';

/** Bounds of `target` as parseConfig checks them (the meta test holds the two together). */
export const TARGET = { min: 1, max: 99 } as const;

const PRESET_TEXTS: Record<Preset, { readonly name: Pair; readonly description: Pair }> = {
  manual: {
    name: ['Anleitung (Klapper-Jas-Spielanleitung)', 'Manual (Klapper-Jas game manual)'],
    description: [
      'Orgi 2, Kleines 1, verloren doppelt; Kontra bis zur ersten Karte, Re bis zur zweiten; Partie bis 12 auf dem Würfel rauf und runter.',
      'Orgi 2, Kleines 1, a loss doubles; Kontra before the first card, Re before the second; match to 12 on the die up and down.',
    ],
  },
  klappern: {
    name: ['Klappern (Kurzregeln)', 'Klappern (short rules)'],
    description: [
      'Jedes Spiel 1 Punkt, verloren 2; Kontra und Re nur vor der ersten Karte; Meldungen reihum vor dem ersten Ausspielen, ohne Stich; Partie bis 6 auf einem Würfel, zu dritt ohne Spiel um Platz 2.',
      'Every game 1 point, lost 2; Kontra and Re only before the first card; melds declared in turn before the first lead, no trick needed; match to 6 on one die, with 3 players no play-on for second place.',
    ],
  },
};

/** Texts of every option; a value's label by `String(value)`. Typed by the options: a new one needs texts. */
const OPTION_TEXTS: Record<
  keyof KlapperjasOptions,
  { readonly name: Pair; readonly description: Pair; readonly values?: Readonly<Record<string, Pair>> }
> = {
  besser: {
    name: ['„Besser“ sagen', 'Saying "besser"'],
    description: [
      'Wer nach einem Kleines „besser“ (Kreuz) sagen darf.',
      'Who may say "besser" (Kreuz) after a Kleines.',
    ],
    values: {
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
    name: ['Melden', 'Declaring melds'],
    description: [
      'Wann Terz und Halbe gemeldet werden: jeder vor seiner ersten Karte, entschieden nach dem ersten Stich; oder in einer Melderunde ab Vorhand, sofort entschieden und gezeigt.',
      'When Terz and Halber are declared: each player before his own first card, settled after trick 1; or in a meld round from Vorhand, settled and shown at once.',
    ],
    values: {
      'first-card': ['vor der eigenen ersten Karte (Anleitung)', "before one's own first card (manual)"],
      round: ['reihum vor dem ersten Ausspielen (Klappern)', 'in turn before the first lead (Klappern)'],
    },
  },
  playOn: {
    name: ['Um Platz 2 weiterspielen (zu dritt)', 'Play on for second place (3 players)'],
    description: [
      'Hat einer das Ziel erreicht, spielen die beiden anderen zu zweit um Platz 2 weiter (Anleitung 4.3); sonst endet die Partie mit dem Sieger (Klappern).',
      'Once one player reaches the target, the other two play on as two players for second place (manual 4.3); otherwise the match ends with the winner (Klappern).',
    ],
    values: YES_NO,
  },
  longRuns: {
    name: ['Lange Folgen', 'Long runs'],
    description: [
      'Fünf und mehr Karten in Folge: in Terz/Halben-Blöcke teilen oder als ein Halber zählen.',
      'Five or more cards in sequence: split into Terz/Halber blocks or count as one Halber.',
    ],
    values: { blocks: ['in Blöcke teilen', 'split into blocks'], single: ['ein Halber', 'one Halber'] },
  },
  meldsNeedTrick: {
    name: ['Meldungen brauchen einen Stich', 'Melds need a Stich'],
    description: [
      'Terz und Halber zählen nur, wenn die Partei einen Stich bekommt (Anleitung 3.1).',
      'Terz and Halber count only if the party takes a trick (manual 3.1).',
    ],
    values: YES_NO,
  },
  belleNeedsTrick: {
    name: ['Belle braucht einen Stich', 'Belle needs a Stich'],
    description: [
      'Die Belle zählt nur, wenn die Partei einen Stich bekommt.',
      'Belle counts only if the party takes a trick.',
    ],
    values: YES_NO,
  },
  kontra: {
    name: ['Kontra und Re', 'Kontra and Re'],
    description: ['Bis wann Kontra und Re gesagt werden dürfen.', 'Until when Kontra and Re may be said.'],
    values: {
      manual: [
        'Kontra mit allen Karten in der Hand, Re vor der zweiten Karte (Anleitung 4.1)',
        'Kontra with all cards in hand, Re before the second card (manual 4.1)',
      ],
      'before-first-card': ['nur vor der ersten Karte (Klappern)', 'only before the first card (Klappern)'],
    },
  },
  scoring: {
    name: ['Spielwert', 'Game value'],
    description: [
      'Wie viel ein gewonnenes Spiel zählt; verloren zählt doppelt für die Gegner.',
      'What a won game counts; a lost one counts double for the opponents.',
    ],
    values: { 'orgi-kleines': ['Orgi 2, Kleines 1', 'Orgi 2, Kleines 1'], flat: ['immer 1', 'always 1'] },
  },
  target: {
    name: ['Partie bis', 'Match to'],
    description: ['Punkte, mit denen die Partie gewonnen ist.', 'Points that win the match.'],
  },
  dice: {
    name: ['Würfel', 'Dice'],
    description: [
      'Nur die Anzeige: wie die Punkte auf dem Würfel gehalten werden.',
      'Display only: how the points are kept on the dice.',
    ],
    values: {
      'up-down': ['ein Würfel rauf und runter (Bierdeckel)', 'one die up and down (coaster)'],
      'two-dice': ['zwei Würfel', 'two dice'],
      'one-die': ['ein Würfel', 'one die'],
    },
  },
};

function option(key: keyof KlapperjasOptions): OptionMeta {
  const x = OPTION_TEXTS[key];
  if (key === 'target')
    return { key, kind: 'integer', name: texts(x.name), description: texts(x.description), ...TARGET };
  const values = CHOICES[key] as readonly (string | boolean)[] | undefined;
  // A new option that is neither a choice of CHOICES nor `target` needs its own entry here.
  if (!values) throw new Error(`klapperjas meta: option ${key} is not in CHOICES`);
  return choice(key, texts(x.name), texts(x.description), values, x.values ?? {});
}

const PLAYERS = [4, 3, 2];

/** The parties the game's own view names for each player count (4 players: crosswise partners). */
const parties = Object.fromEntries(
  PLAYERS.map((n) => {
    const state = klapperjas.start(unwrap(klapperjas.parseConfig({ players: n })), 0);
    return [String(n), klapperjas.viewFor(state, SPECTATOR).parties];
  }),
);

export const klapperjasMeta: GameMeta = {
  id: 'klapperjas',
  name: { de: 'Klapper-Jas', en: 'Klapper-Jas' },
  summary: {
    de: 'Zu zweit, dritt oder viert: Orgi, Kleines und besser bieten, Terz und Halber melden, Würfel bis 12.',
    en: 'For two, three or four: bid Orgi, Kleines or besser, meld Terz and Halber, dice to 12.',
  },
  players: PLAYERS,
  parties,
  presets: PRESETS.map((id) => ({
    id,
    name: texts(PRESET_TEXTS[id].name),
    description: texts(PRESET_TEXTS[id].description),
    options: { ...PRESET_OPTIONS[id] },
  })),
  options: (Object.keys(PRESET_OPTIONS[PRESETS[0]]) as (keyof KlapperjasOptions)[]).map(option),
  // The Jass-32 orders (000 Abb. 1 and 2), the same tables as Klaberjass.
  // The 32-card deck has no Six; the orders are the Jass ones of 000 Abb. 1 and 2.
  ranks: {
    trump: TRUMP_ORDER['ten-high'].filter((r) => r !== '6'),
    plain: PLAIN_ORDER['ten-high'].filter((r) => r !== '6'),
  },
  direction: 'clockwise',
};
