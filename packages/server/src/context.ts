/**
 * What every room and endpoint of this process shares: configuration, store, logger and bot runner.
 * Colyseus constructs rooms itself, so they find it here; it is set once by `startServer`.
 */
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Analyses } from './analysis.ts';
import type { Bots } from './bots.ts';
import type { Dealer } from './chance.ts';
import type { Config } from './config.ts';
import type { Admissions } from './edge.ts';
import type { Owner } from './owner.ts';
import type { Store } from './store.ts';
import type { TournamentRunner } from './tournaments-run.ts';

export interface Context {
  readonly config: Config;
  readonly store: Store;
  readonly log: Logger;
  readonly bots: Bots;
  /** Deal analyses on their own worker thread (analysis.ts). */
  readonly analyses: Analyses;
  /** Table ownership: leases, loading tables, taking over those of dead processes (owner.ts). */
  readonly owner: Owner;
  /** The cluster's Redis (keys under REDIS_PREFIX) for limits shared by all processes; null for one process. */
  readonly redis: Redis | null;
  /** Pending joins per address (docs/server.md, JOINS_PER_ADDRESS). */
  readonly admissions: Admissions;
  /** The deals of every table (chance.ts): random ones, unless a test chose its own. */
  readonly dealer: Dealer;
  /** Drives the running tournaments whose leases this process holds (tournaments-run.ts). */
  readonly tournaments: TournamentRunner;
}

let current: Context | undefined;

export function setContext(ctx: Context | undefined): void {
  current = ctx;
}

export function context(): Context {
  if (!current) throw new Error('server context is not set');
  return current;
}
