import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type OracleGame, parseOracleFile, parseOracleGame, sessions } from '../src/oracle/reader.ts';
import { declaration, playSteps, reservingSeats } from '../src/oracle/steps.ts';
import { DDV_ORACLE_DIR, readOracleGames } from '../src/oracle.ts';

let games: OracleGame[] = [];
const sample = readFileSync(join(DDV_ORACLE_DIR, 'uct.jsonl'), 'utf8').split('\n')[0];
beforeAll(async () => {
  const read = await readOracleGames([DDV_ORACLE_DIR]);
  if (!read.ok) throw new Error(read.error.reason);
  games = read.value;
});

const byId = (id: string): OracleGame => {
  const g = games.find((x) => x.id === id);
  if (!g) throw new Error(`no game ${id}`);
  return g;
};

describe('reading the copied oracle set', () => {
  it('reads all 3,000 games of the README, in 112 complete sessions', () => {
    expect(games).toHaveLength(3000);
    const grouped = sessions(games);
    expect(grouped.ok && grouped.value.length).toBe(112);
  });

  it('counts the contracts the README lists (normal 1,585, stilles Solo 239, Hochzeit 378, solos 798)', () => {
    const count = (kind: string) => games.filter((g) => g.contract.kind === kind).length;
    expect([count('normal'), count('silentSolo'), count('hochzeit'), count('solo')]).toEqual([
      1585, 239, 378, 798,
    ]);
  });
});

describe('a malformed line is a clear error naming file, line and field', () => {
  const edit = (f: (g: Record<string, unknown>) => void): string => {
    const g = JSON.parse(sample);
    f(g);
    return JSON.stringify(g);
  };
  it.each([
    ['not JSON', '{"id":', /x\.jsonl:1: not JSON/],
    ['a missing field', edit((g) => delete g.tricks), /x\.jsonl:1: tricks/],
    ['an unknown card', edit((g) => ((g.hands as string[][])[0][0] = 'CX')), /hands\.0\.0: a card is/],
    [
      'a third copy of a card',
      edit((g) => (g.hands as string[][])[0].fill('CQ', 0, 3)),
      /card CQ appears [3-9] times/,
    ],
    ['a seat 4', edit((g) => (g.forehand = 4)), /forehand/],
    ['an unknown contract', edit((g) => (g.contract = { kind: 'armut' })), /contract/],
    [
      'a trick not led by the last winner',
      edit((g) => {
        const tricks = g.tricks as { leader: number; plays: [number, string][] }[];
        tricks[3].leader = (tricks[3].leader + 1) % 4;
      }),
      /tricks\[3\]: leader/,
    ],
  ])('%s', (_name, line, reason) => {
    const parsed = parseOracleGame(line, 'x.jsonl:1');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('malformed');
      expect(parsed.error.reason).toMatch(reason);
    }
  });

  it('stops a file at its first bad line and names it', () => {
    const parsed = parseOracleFile(`${sample}\n\n{"id": 3}\n${sample}\n`, 'f.jsonl');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.reason).toMatch(/^f\.jsonl:3: /);
  });

  it('refuses a session that misses a game', () => {
    const session = games.filter((g) => g.id.startsWith('uct/s3001/'));
    const grouped = sessions(session.filter((g) => g.source.sessionGame !== 5));
    expect(grouped.ok).toBe(false);
    if (!grouped.ok) expect(grouped.error.reason).toMatch(/uct\/s3001: game 5 is missing/);
  });
});

describe('mapping doko questions onto our actions', () => {
  it('an immediate solo: only that seat reserves and names its solo', () => {
    const g = games.find((x) =>
      x.reservations.events.some((e) => e.question === 'immediateSolo' && e.answer),
    );
    expect(g?.contract.kind).toBe('solo');
    if (g?.contract.kind !== 'solo') return;
    expect([...reservingSeats(g)]).toEqual([g.contract.declarer]);
    expect(declaration(g, g.contract.declarer, [])).toEqual({ game: g.contract.soloKind, known: true });
  });

  it('--no-solo: the holder of both Kreuz-Damen reserves and declares hochzeit', () => {
    const g = games.find((x) => x.source.options.noSolo && x.contract.kind === 'hochzeit');
    if (g?.contract.kind !== 'hochzeit') throw new Error('no --no-solo Hochzeit');
    expect(g.hands[g.contract.declarer].filter((c) => c === 'CQ')).toHaveLength(2);
    expect([...reservingSeats(g)]).toEqual([g.contract.declarer]);
    expect(declaration(g, g.contract.declarer, ['hochzeit'])?.game).toBe('hochzeit');
  });

  it('a Hochzeit beaten by a solo: the Hochzeiter still names hochzeit (doko: solo false)', () => {
    const g = byId('scripted-announce/s5010/g15');
    expect([...reservingSeats(g)].sort()).toEqual([0, 3]);
    expect(declaration(g, 3, ['hochzeit', 'queens'])).toEqual({ game: 'hochzeit', known: true });
    expect(declaration(g, 0, ['queens'])).toEqual({ game: 'hearts', known: true });
  });

  it('a reserved seat doko never asked names the lowest game offered, marked as a guess', () => {
    const g = byId('scripted-announce/s5005/g13');
    expect(declaration(g, 2, ['queens', 'jacks'])).toEqual({ game: 'queens', known: false });
  });

  it('a stilles Solo: everybody is healthy', () => {
    const g = games.find((x) => x.contract.kind === 'silentSolo');
    expect(g && [...reservingSeats(g)]).toEqual([]);
  });

  it('announcements go in at their cardsPlayed moment, in array order, before that card', () => {
    const g = games.find((x) => x.source.options.announcingVersion === 0 && x.announcements.length > 2);
    if (!g) throw new Error('no announcing-version-0 game');
    const steps = playSteps(g);
    expect(steps.filter((s) => s.action.t === 'play')).toHaveLength(48);
    expect(steps.filter((s) => s.action.t === 'announce').map((s) => s.action)).toEqual(
      g.announcements.map((a) => ({ t: 'announce', call: a.kind })),
    );
    for (const a of g.announcements) {
      const at = steps.findIndex(
        (s) => s.action.t === 'announce' && s.label.startsWith(`announcement ${g.announcements.indexOf(a)} `),
      );
      expect(steps.slice(0, at).filter((s) => s.action.t === 'play')).toHaveLength(a.cardsPlayed);
    }
  });
});
