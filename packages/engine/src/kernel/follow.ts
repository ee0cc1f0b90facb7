/**
 * Follow, ruff and overtrump rules as a few named policies, and the inference beside them.
 *
 * A policy never looks at cards. Against the trick on the table, every card of a hand falls into one
 * category:
 * - `FOLLOW`: of the effective suit led, when that is not trump;
 * - `HIGHER`: a trump that beats the trick's best card (every trump, while no trump is in the trick);
 * - `LOWER`: a trump that does not;
 * - `EXEMPT`: on a trump lead, a trump the lead never forces out (Differenzler's trump Jack, 002 Art. 4.5);
 * - `OTHER`: anything else.
 * A policy maps the categories a hand holds (and whether trump was led, whether a plain lead has been
 * ruffed) to the categories it may play. The legal set is the union of those categories' cards; and the
 * inference asks the same function which categories a seat cannot have held, given the category of the
 * card it played: a category is ruled out when no holding with it and the played card's makes that card
 * legal. So what the bots infer never disagrees with what the rules allow.
 *
 * Policies (table-tested in packages/engine/test/kernel.follow.test.ts):
 * - `follow`: follow the effective suit led, else any card (Doppelkopf; trump is one suit).
 * - `ruff-overtrump`: follow suit; when trump is led, overtrump if able; unable to follow, ruff; a trick
 *   already ruffed must be overtrumped if able, else any trump; with neither suit nor trump any card
 *   (Klapper-Jas 000 4.1 and 001 "Spiel"; Klaberjass 003, where the second of two cards never meets a ruff).
 * - `trump-anytime-002`: follow suit or trump at any time, no undertrumping while able to follow; a trump
 *   lead must be followed, but the exempt trump is never forced; void in the suit led, any card
 *   (Differenzler 002 Art. 4.5, undertrump option `002`).
 * - `trump-anytime-swiss`: as `trump-anytime-002`, but void in the suit led a trump below the ruff only
 *   from a hand of nothing but trumps (undertrump option `swiss`).
 *
 * The policies are tables of 128 entries made once at load from the rule functions below: constant data,
 * not a cache.
 */

export const FOLLOW = 1;
export const HIGHER = 2;
export const LOWER = 4;
export const EXEMPT = 8;
export const OTHER = 16;
export const ANY = 31;
const TRUMPS = HIGHER | LOWER | EXEMPT;

export const FOLLOW_POLICIES = [
  'follow',
  'ruff-overtrump',
  'trump-anytime-002',
  'trump-anytime-swiss',
] as const;
export type FollowPolicy = (typeof FOLLOW_POLICIES)[number];

/** The categories a hand holding `held` may play, by rule. */
type Rule = (held: number, trumpLed: boolean, ruffed: boolean) => number;

const RULES: Readonly<Record<FollowPolicy, Rule>> = {
  follow: (held, trumpLed) => {
    const led = trumpLed ? TRUMPS : FOLLOW;
    return (held & led) !== 0 ? led : ANY;
  },
  'ruff-overtrump': (held, trumpLed, ruffed) => {
    if (trumpLed) {
      if ((held & HIGHER) !== 0) return HIGHER;
      return (held & TRUMPS) !== 0 ? TRUMPS : ANY;
    }
    if ((held & FOLLOW) !== 0) return FOLLOW;
    if ((held & TRUMPS) === 0) return ANY;
    return ruffed && (held & HIGHER) !== 0 ? HIGHER : TRUMPS;
  },
  'trump-anytime-002': (held, trumpLed) => {
    if (trumpLed) return (held & (HIGHER | LOWER)) !== 0 ? TRUMPS : ANY;
    return (held & FOLLOW) !== 0 ? FOLLOW | HIGHER : ANY;
  },
  'trump-anytime-swiss': (held, trumpLed, ruffed) => {
    if (trumpLed) return (held & (HIGHER | LOWER)) !== 0 ? TRUMPS : ANY;
    if ((held & FOLLOW) !== 0) return FOLLOW | HIGHER;
    return ruffed && (held & OTHER) !== 0 ? OTHER | HIGHER : ANY;
  },
};

/** Bits of a table key beside the categories: trump was led; a plain lead's best card is a trump. */
export const TRUMP_LED = 32;
export const RUFFED = 64;

const key = (x: number, trumpLed: boolean, ruffed: boolean): number =>
  x | (trumpLed ? TRUMP_LED : 0) | (ruffed && !trumpLed ? RUFFED : 0);

/**
 * A policy made into tables: `allowed[held | flags]` and `voids[played | flags]`, both category sets, where
 * flags = `TRUMP_LED` or `RUFFED` (a bit-set fast path may index them directly).
 */
export interface FollowRule {
  readonly policy: FollowPolicy;
  readonly allowed: Uint8Array;
  readonly voids: Uint8Array;
}

function makeRule(policy: FollowPolicy): FollowRule {
  const rule = RULES[policy];
  const allowed = new Uint8Array(128);
  const voids = new Uint8Array(128);
  for (const trumpLed of [false, true])
    for (const ruffed of [false, true]) {
      for (let held = 0; held < 32; held++) {
        // Nothing held (an empty hand) allows nothing.
        allowed[key(held, trumpLed, ruffed)] = held === 0 ? 0 : rule(held, trumpLed, ruffed) & held;
      }
      for (let c = 0; c < 5; c++) {
        const played = 1 << c;
        // Every category some holding with the played card's category (that allows it) may hold.
        let possible = 0;
        for (let held = 0; held < 32; held++)
          if ((held & played) !== 0 && (rule(held, trumpLed, ruffed) & played) !== 0) possible |= held;
        voids[key(played, trumpLed, ruffed)] = ANY & ~possible;
      }
    }
  return { policy, allowed, voids };
}

export const FOLLOW_RULES: Readonly<Record<FollowPolicy, FollowRule>> = {
  follow: makeRule('follow'),
  'ruff-overtrump': makeRule('ruff-overtrump'),
  'trump-anytime-002': makeRule('trump-anytime-002'),
  'trump-anytime-swiss': makeRule('trump-anytime-swiss'),
};

/** The categories a hand holding the categories `held` may play. `ruffed`: a plain lead whose best card is a trump. */
export const allowedCategories = (
  rule: FollowRule,
  held: number,
  trumpLed: boolean,
  ruffed: boolean,
): number => rule.allowed[key(held, trumpLed, ruffed)];

/** The categories a seat cannot have held when it played a card of category `played` (one category bit). */
export const voidCategories = (
  rule: FollowRule,
  played: number,
  trumpLed: boolean,
  ruffed: boolean,
): number => rule.voids[key(played, trumpLed, ruffed)];

/**
 * The legal cards of a hand kept as one bit-set word (any layout): `led` and `trumps` are the masks of the
 * effective suit led and of all trumps (equal when trump is led), `higher` the trumps that beat the best
 * card, `exempt` the trumps a trump lead never forces. `ruffed`: plain lead, best card a trump.
 */
export function legalWord(
  rule: FollowRule,
  hand: number,
  led: number,
  trumps: number,
  higher: number,
  exempt: number,
  ruffed: boolean,
): number {
  const trumpLed = led === trumps;
  const t = hand & trumps;
  const x = trumpLed ? t & exempt : 0;
  const h = t & higher & ~x;
  const l = t & ~higher & ~x;
  const f = trumpLed ? 0 : hand & led;
  const o = hand & ~led & ~trumps;
  const held =
    (f !== 0 ? FOLLOW : 0) |
    (h !== 0 ? HIGHER : 0) |
    (l !== 0 ? LOWER : 0) |
    (x !== 0 ? EXEMPT : 0) |
    (o !== 0 ? OTHER : 0);
  const a = rule.allowed[key(held, trumpLed, ruffed)];
  return (
    ((a & FOLLOW) !== 0 ? f : 0) |
    ((a & HIGHER) !== 0 ? h : 0) |
    ((a & LOWER) !== 0 ? l : 0) |
    ((a & EXEMPT) !== 0 ? x : 0) |
    ((a & OTHER) !== 0 ? o : 0)
  );
}
