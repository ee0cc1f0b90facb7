/**
 * The sign-up form's checks (src/account/check.ts) are the protocol's schemas repeated without zod: for any
 * text they accept exactly what `accountNameSchema` and `passwordSchema` accept. And every count key the
 * web labels belongs to a game, with a label in both languages.
 */
import { accountNameSchema, passwordSchema } from '@stich/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameProblem, passwordProblem } from '../src/account/check.ts';
import { COUNTS_DE, COUNTS_EN, countLabel } from '../src/i18n/stats.ts';

/** Texts near the rules' edges: letters, marks, digits, the allowed signs, others, spaces and controls. */
const pieces = fc.constantFrom(
  'a',
  'Z',
  'ä',
  'ß',
  'Я',
  '中',
  '\u0301',
  '1',
  '٣',
  ' ',
  '  ',
  '.',
  '_',
  '-',
  '!',
  '@',
  '\t',
  '\u0000',
  '\u200b',
  '\ud800',
  '😀',
  'Ｃ',
  'ab',
  'Clara',
);
const texts = fc.array(pieces, { maxLength: 30 }).map((xs) => xs.join(''));

describe('form checks', () => {
  it('accept a name exactly when accountNameSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(texts, fc.string({ maxLength: 30 })), (s) => {
        expect(nameProblem(s) === null).toBe(accountNameSchema.safeParse(s).success);
      }),
      { numRuns: 3000 },
    );
    expect(nameProblem('  Clara Wieck ')).toBeNull();
    expect(nameProblem('ab')).toBe('nameLength');
    expect(nameProblem('_ab')).toBe('nameChars');
    expect(nameProblem('   ')).toBe('required');
  });

  it('accept a password exactly when passwordSchema does', () => {
    fc.assert(
      fc.property(
        fc.oneof(texts, fc.string({ maxLength: 300 }), fc.string({ minLength: 250, maxLength: 260 })),
        (s) => {
          expect(passwordProblem(s) === null).toBe(passwordSchema.safeParse(s).success);
        },
      ),
      { numRuns: 3000 },
    );
    expect(passwordProblem('1234567')).toBe('passwordLength');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('1234567\u0000')).toBe('text');
  });
});

describe('count labels', () => {
  it('label the same keys in German and English, and show an unknown key as it is', () => {
    for (const [game, labels] of Object.entries(COUNTS_DE))
      expect(Object.keys(COUNTS_EN[game as keyof typeof COUNTS_EN]).sort()).toEqual(
        Object.keys(labels).sort(),
      );
    expect(countLabel('de', 'doppelkopf', 'fox.caught')).toBe('Fuchs gefangen');
    expect(countLabel('en', 'doppelkopf', 'fox.caught')).toBe('Fuchs caught');
    expect(countLabel('de', 'doppelkopf', 'something.new')).toBe('something.new');
    expect(countLabel('en', 'nogame', 'x')).toBe('x');
  });
});
