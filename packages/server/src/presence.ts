/**
 * Who must be there for a table's computers to play (docs/server.md, "Absent players"). A person's seat
 * is taken over by a bot after the grace period only where other people play too: alone against
 * computers, the match waits for its person (Meine Tische brings him back). A table of computers and
 * programs only plays while someone is connected to it (a program, or a spectator such as its host);
 * otherwise an address could keep the bot workers busy with tables nobody watches.
 */
export interface SeatPresence {
  readonly kind: 'human' | 'bot';
  /** An outside program's seat (program.ts): a computer player, not a person. */
  readonly program: boolean;
  readonly connected: boolean;
}

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
  if (people.length === 1) return people[0].connected;
  return true;
}
