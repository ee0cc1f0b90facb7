/**
 * The sign-up form's checks (src/account/check.ts) are the protocol's schemas repeated without zod: for any
 * text they accept exactly what `accountNameSchema` and `passwordSchema` accept. Every count key the engine
 * gives in random matches of every game and preset has a label, in both languages.
 */
import {
  type AnyGame,
  dealSummaries,
  GAME_META,
  GAMES,
  type GameId,
  playRandomMatch,
  seeded,
  unwrap,
} from '@stich/engine';
import { accountNameSchema, passwordSchema } from '@stich/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceName } from '../src/account/agent.ts';
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

describe('count labels of the engine’s keys', () => {
  it('cover every key that random matches of every game and preset count', () => {
    const unlabelled = new Set<string>();
    let keys = 0;
    for (const id of Object.keys(GAMES) as GameId[]) {
      const g = GAMES[id] as unknown as AnyGame;
      const meta = GAME_META[id]!;
      for (const preset of meta.presets)
        for (const players of meta.players)
          for (let seed = 0; seed < 3; seed++) {
            const cfg = unwrap(g.parseConfig({ players, preset: preset.id }));
            const end = playRandomMatch(g, g.start(cfg, 0), seeded(`labels/${id}/${preset.id}/${seed}`));
            for (const d of dealSummaries(id, g.outcome(end), players))
              for (const c of d.counts)
                for (const k of Object.keys(c)) {
                  keys++;
                  if (countLabel('de', id, k) === k || countLabel('en', id, k) === k)
                    unlabelled.add(`${id} ${k}`);
                }
          }
    }
    expect(keys).toBeGreaterThan(100);
    expect([...unlabelled]).toEqual([]);
  }, 120_000);
});

describe('device names', () => {
  it('name the browser and the system of common user agents', () => {
    const cases: [string, string | null][] = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
        'Chrome · Linux',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome · Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari · iOS',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
        'Firefox · Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge · Windows',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
        'Safari · macOS',
      ],
      ['curl/8.5.0', null],
      ['', null],
    ];
    for (const [agent, name] of cases) expect(deviceName(agent), agent).toBe(name);
  });
});
