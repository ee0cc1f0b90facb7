export * from './core/bits.ts';
export * from './core/cards.ts';
export * from './core/game.ts';
export * from './core/play.ts';
export * from './core/record.ts';
export * from './core/result.ts';
export * from './core/rng.ts';
export * from './games.ts';
