/**
 * Legal actions as controls. The client holds no rules: every action the server lists for this seat
 * becomes a control. Actions on a card (`play`, Doppelkopf's `give` and `return`) become clickable cards in the hand (several actions for one card,
 * e.g. with and without Belle, ask which one); a tag with many numeric choices (the Differenzler
 * estimate) becomes a number field; everything else is a labelled button.
 */
import type { TFunction } from 'i18next';
import { cardName, rankLetter, suitLetter } from './cards.tsx';

export interface WireAction {
  readonly t: string;
  readonly [field: string]: unknown;
}

interface NumberControl {
  readonly tag: string;
  readonly field: string;
  readonly values: readonly number[];
  readonly actions: readonly WireAction[];
}

export interface Controls {
  /** Card → the actions on it (play, or give / return a card in the Armut). */
  readonly plays: ReadonlyMap<string, readonly WireAction[]>;
  readonly numbers: readonly NumberControl[];
  readonly buttons: readonly WireAction[];
}

const MANY = 8;

const fieldsOf = (a: WireAction): string[] => Object.keys(a).filter((k) => k !== 't');

export function toControls(actions: readonly WireAction[]): Controls {
  const plays = new Map<string, WireAction[]>();
  const byTag = new Map<string, WireAction[]>();
  for (const a of actions) {
    // Any action on one card (play; Doppelkopf's Armut: give, return) is a click on that card.
    if (typeof a.card === 'string') {
      const list = plays.get(a.card) ?? [];
      list.push(a);
      plays.set(a.card, list);
      continue;
    }
    const list = byTag.get(a.t) ?? [];
    list.push(a);
    byTag.set(a.t, list);
  }
  const numbers: NumberControl[] = [];
  const buttons: WireAction[] = [];
  for (const [tag, list] of byTag) {
    const f = fieldsOf(list[0]);
    const numeric =
      list.length > MANY &&
      f.length === 1 &&
      list.every((a) => fieldsOf(a).length === 1 && typeof a[f[0]] === 'number');
    if (numeric) {
      numbers.push({ tag, field: f[0], values: list.map((a) => a[f[0]] as number), actions: list });
    } else buttons.push(...list);
  }
  return { plays, numbers, buttons };
}

type TFn = TFunction;

interface MeldLike {
  suit?: unknown;
  top?: unknown;
  length?: unknown;
  cards?: unknown;
}

const isMeld = (x: unknown): x is MeldLike =>
  typeof x === 'object' && x !== null && typeof (x as MeldLike).suit === 'string';

/** "Terz Herz bis König" / "Halber Pik bis Ass". */
function meldText(t: TFn, m: MeldLike): string {
  const len = typeof m.length === 'number' ? m.length : Array.isArray(m.cards) ? m.cards.length : 3;
  const kind = len >= 4 ? t('meld.halber') : t('meld.terz');
  const suit = t(`suit.${String(m.suit)}`);
  const top = typeof m.top === 'string' ? ` ${t('meld.upTo', { rank: t(`rank.${m.top}`) })}` : '';
  return `${kind} ${suit}${top}`;
}

/** A field value in words: suits, cards, ranks and meld lists are named; the rest is printed. */
export function valueText(t: TFn, key: string, v: unknown): string {
  if (typeof v === 'string') {
    if (key === 'suit' || key === 'trump') return t(`suit.${v}`);
    if (key === 'card' || /^[CSHD][6-9TJQKA]$/.test(v)) return cardName(t, v);
    if (key === 'rank') return t(`rank.${v}`);
    return t(`word.${v}`, { defaultValue: v });
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return t('meld.nothing');
    return v.map((x) => (isMeld(x) ? meldText(t, x) : valueText(t, key, x))).join(', ');
  }
  if (typeof v === 'boolean') return v ? t('word.yes') : t('word.no');
  if (typeof v === 'object' && v !== null) return isMeld(v) ? meldText(t, v) : JSON.stringify(v);
  return String(v);
}

/**
 * The label of an action: `action.<t>_<value>` when such a key exists for one of its string or
 * boolean fields (e.g. `action.answer_good`), else `action.<t>` with its fields as values, else the tag.
 */
export function actionLabel(t: TFn, a: WireAction, exists: (key: string) => boolean): string {
  const fields = fieldsOf(a);
  for (const f of fields) {
    const v = a[f];
    if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') {
      const k = `action.${a.t}_${String(v)}`;
      if (exists(k)) return t(k);
    }
    if (Array.isArray(v) && v.length === 0 && exists(`action.${a.t}_none`)) return t(`action.${a.t}_none`);
  }
  const values: Record<string, unknown> = {};
  for (const f of fields) values[f] = valueText(t, f, a[f]);
  if (exists(`action.${a.t}`)) return t(`action.${a.t}`, values);
  const extra = fields.map((f) => values[f]).join(' ');
  return extra ? `${a.t} ${extra}` : a.t;
}

/** Suit shown beside a button (for "choose a suit" actions). */
export const actionSuit = (a: WireAction): string | null =>
  typeof a.suit === 'string' ? a.suit : typeof a.trump === 'string' ? a.trump : null;

export const sameAction = (a: WireAction, b: WireAction): boolean => JSON.stringify(a) === JSON.stringify(b);

export { rankLetter, suitLetter };
