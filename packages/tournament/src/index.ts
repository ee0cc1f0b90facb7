/** The tournament core (docs/tournaments.md): formats, registration, draws, pairing, standings, practice. */
export * from './draw.ts';
export * from './errors.ts';
export * from './formats.ts';
export * from './plan.ts';
export * from './results.ts';
export * from './standings.ts';
export * from './swiss.ts';
export * from './tournament.ts';
