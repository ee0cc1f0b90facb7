/**
 * The reader of the Doppelkopf (DDV) oracle games (packages/cli/test/oracles/doppelkopf-ddv/README.md):
 * one JSON object a line, parsed once into a typed, validated game. A malformed line is an error naming
 * the file, the line and the field, never a silent drop.
 */
import { err, ok, type Result } from '@stich/engine';
import { z } from 'zod';

const ORACLE_SOLO_KINDS = ['diamonds', 'hearts', 'spades', 'clubs', 'jacks', 'queens', 'fleischlos'] as const;

const ORACLE_CALLS = ['re', 'kontra', 'keine90', 'keine60', 'keine30', 'schwarz'] as const;
export type OracleCall = (typeof ORACLE_CALLS)[number];

const seat = z.int().min(0).max(3);
const card = z.string().regex(/^[CSHD][9TJQKA]$/, 'a card is suit C/S/H/D and rank 9/T/J/Q/K/A');
const party = z.enum(['re', 'kontra']);
const bySeat = <T extends z.ZodType>(t: T) => z.array(t).length(4);

const contract = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('normal') }),
  z.object({ kind: z.literal('silentSolo'), declarer: seat }),
  z.object({
    kind: z.literal('hochzeit'),
    declarer: seat,
    partner: seat.nullable(),
    clarificationTrick: z.int().min(1).max(3),
    failed: z.boolean(),
    announcementShift: z.int().min(0).max(2),
  }),
  z.object({
    kind: z.literal('solo'),
    soloKind: z.enum(ORACLE_SOLO_KINDS),
    declarer: seat,
    soloType: z.enum(['pflichtsolo', 'lustsolo']),
    vorfuehrung: z.boolean(),
    immediate: z.boolean(),
  }),
]);

const trick = z.object({
  leader: seat,
  plays: z.array(z.tuple([seat, card])).length(4),
  winner: seat,
  points: z.int().min(0),
  winnerFrom: z.enum(['points', 'rules']).optional(),
});

const item = z.object({
  kind: z.string().min(1),
  party,
  points: z.int(),
  trick: z.int().optional(),
  by: party.optional(),
});

const gameSchema = z.object({
  id: z.string().regex(/^[^/]+\/[^/]+\/g\d+$/, 'an id is batch/session/gNN'),
  source: z.object({
    sessionGame: z.int().min(0),
    sessionGames: z.int().min(1).max(1000),
    options: z.object({
      compulsorySolo: z.boolean(),
      noSolo: z.boolean(),
      announcingVersion: z.union([z.literal(0), z.literal(1)]),
    }),
  }),
  forehand: seat,
  dealer: seat,
  leader: seat,
  hands: bySeat(z.array(card).length(12)),
  reservations: z.object({
    answers: bySeat(z.enum(['gesund', 'vorbehalt']).nullable()),
    events: z.array(
      z.object({ seat, question: z.enum(['immediateSolo', 'vorbehalt', 'solo']), answer: z.boolean() }),
    ),
  }),
  contract,
  trumps: z.enum(['normal', ...ORACLE_SOLO_KINDS]),
  parties: z.object({ re: z.array(seat), kontra: z.array(seat) }),
  announcements: z.array(
    z.object({
      seat,
      party,
      kind: z.enum(ORACLE_CALLS),
      cardsPlayed: z.int().min(0).max(47),
      trick: z.int().min(1).max(12),
      handSize: z.int().min(1).max(12),
      reply: z.boolean(),
    }),
  ),
  tricks: z.array(trick).length(12),
  cardPoints: z.object({ bySeat: bySeat(z.int().min(0)), re: z.int().min(0), kontra: z.int().min(0) }),
  specialPoints: z.array(z.object({ kind: z.string(), party, seat })),
  value: z.object({
    winner: z.enum(['re', 'kontra', 'none']),
    items: z.array(item),
    forRe: z.int(),
    multiplier: z.int(),
  }),
  score: bySeat(z.int()),
  standings: bySeat(z.int()),
});

export type OracleGame = z.infer<typeof gameSchema>;

/** Checks what the schema cannot: the deal is the 48-card deck, tricks follow from their leaders. */
function consistency(g: OracleGame): string | undefined {
  const counts = new Map<string, number>();
  for (const hand of g.hands) for (const c of hand) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const [c, n] of counts) if (n !== 2) return `hands: card ${c} appears ${n} times, not twice`;
  if (counts.size !== 24) return `hands: ${counts.size} kinds of card, not 24`;
  for (let t = 0; t < g.tricks.length; t++) {
    const { leader, plays, winner } = g.tricks[t];
    if (t > 0 && leader !== g.tricks[t - 1].winner)
      return `tricks[${t}]: leader ${leader} is not the winner of the trick before`;
    if (plays.some(([s], i) => s !== (leader + i) % 4))
      return `tricks[${t}]: plays are not in seat order from the leader`;
    if (!plays.some(([s]) => s === winner)) return `tricks[${t}]: winner ${winner} did not play`;
  }
  if (g.tricks[0].leader !== g.leader) return `tricks[0]: leader is not the game's leader ${g.leader}`;
  const played = new Map<string, number>();
  for (const { plays } of g.tricks)
    for (const [s, c] of plays) played.set(`${s}${c}`, (played.get(`${s}${c}`) ?? 0) + 1);
  for (let s = 0; s < 4; s++)
    for (const c of new Set(g.hands[s])) {
      const n = g.hands[s].filter((x) => x === c).length;
      if (played.get(`${s}${c}`) !== n) return `tricks: seat ${s} does not play the ${c} of its hand`;
    }
  for (let i = 1; i < g.announcements.length; i++)
    if (g.announcements[i].cardsPlayed < g.announcements[i - 1].cardsPlayed)
      return `announcements[${i}]: out of order`;
  return undefined;
}

const describe = (issue: z.core.$ZodIssue): string =>
  `${issue.path.length > 0 ? issue.path.join('.') : '(game)'}: ${issue.message}`;

/** Parses one line (one game); `where` names it in errors, e.g. `uct.jsonl:17`. */
export function parseOracleGame(line: string, where: string): Result<OracleGame> {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch (e) {
    return err('malformed', `${where}: not JSON: ${(e as Error).message}`);
  }
  const parsed = gameSchema.safeParse(input);
  if (!parsed.success) return err('malformed', `${where}: ${describe(parsed.error.issues[0])}`);
  const problem = consistency(parsed.data);
  if (problem) return err('malformed', `${where} (${parsed.data.id}): ${problem}`);
  return ok(parsed.data);
}

/** Parses a JSON Lines file of games; blank lines are allowed, anything else malformed stops it. */
export function parseOracleFile(text: string, file: string): Result<OracleGame[]> {
  const games: OracleGame[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const game = parseOracleGame(lines[i], `${file}:${i + 1}`);
    if (!game.ok) return game;
    games.push(game.value);
  }
  return ok(games);
}

/** The session of a game: its id without the game number (`uct/s3001/g05` → `uct/s3001`). */
const sessionOf = (id: string): string => id.slice(0, id.lastIndexOf('/'));

/**
 * Groups games into sessions (games of one session share the id prefix) in `sessionGame` order; a
 * session must be complete from its first game on, since it is replayed as one match.
 */
export function sessions(games: readonly OracleGame[]): Result<OracleGame[][]> {
  const bySession = new Map<string, OracleGame[]>();
  for (const g of games) {
    const list = bySession.get(sessionOf(g.id)) ?? [];
    list.push(g);
    bySession.set(sessionOf(g.id), list);
  }
  const out: OracleGame[][] = [];
  for (const [name, list] of bySession) {
    list.sort((a, b) => a.source.sessionGame - b.source.sessionGame);
    const gap = list.findIndex((g, i) => g.source.sessionGame !== i);
    if (gap >= 0)
      return err('malformed', `session ${name}: game ${gap} is missing (${list[gap].id} comes instead)`);
    if (list.length > list[0].source.sessionGames)
      return err('malformed', `session ${name}: more games than its sessionGames`);
    out.push(list);
  }
  return ok(out);
}
