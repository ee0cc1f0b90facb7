/**
 * Who must be there for a table's computers to play (docs/server.md, "Who must be there"). A person's seat
 * is taken over by a bot after the grace period only where other people play too: alone against
 * computers, the match waits for its person (Meine Tische brings him back). A table of computers and
 * programs only plays while someone is connected to it (a program, or a spectator such as its host);
 * otherwise an address could keep the bot workers busy with tables nobody watches.
 */
import type { Client } from '@colyseus/core';
import type { Seat } from '@stich/engine';
import type { BotLevel } from '@stich/protocol';
import type { SeatHolder } from './store.ts';
import type { Timer } from './timers.ts';

/** A seat of a live table (TableRoom). */
export interface SeatRt {
  readonly seat: Seat;
  /** A free human seat becomes a bot seat when the host starts the match early (start.ts). */
  kind: 'human' | 'bot';
  level: BotLevel;
  /** A human seat given to an outside program by a bot token (program.ts): shown as a computer player. */
  program: boolean;
  holder: SeatHolder | null;
  client: Client | null;
  /** A bot plays this human seat (its player has been gone longer than the grace period). */
  botActive: boolean;
  grace: Timer | null;
  /** Unix ms when the running grace period ends (shown to the others as the time left). */
  graceEnds?: number;
}

/** What presence looks at of a seat. */
type SeatPresence = Pick<SeatRt, 'kind' | 'program' | 'client'>;

const person = (s: SeatPresence) => s.kind === 'human' && !s.program;

/** Whether a bot takes over this absent seat after its grace period. */
export function takesOver(seats: readonly SeatPresence[], seat: number): boolean {
  if (!person(seats[seat])) return true;
  return seats.some((s, i) => i !== seat && person(s));
}

/** Whether the table's computers may act now; `connections`: every connection to the table. */
export function mayPlay(seats: readonly SeatPresence[], connections: number): boolean {
  const people = seats.filter(person);
  if (people.length === 0) return connections > 0;
  if (people.length === 1) return people[0].client !== null;
  return true;
}
