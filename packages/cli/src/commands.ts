import { analyzeCommand } from './analyze.ts';
import { arenaCommand } from './arena.ts';
import { benchCommand } from './bench.ts';
import { connectCommand } from './connect.ts';
import { examplesCommand } from './examples.ts';
import { ladderCommand } from './ladder.ts';
import { oracleCommand } from './oracle.ts';
import { replayCommand } from './replay.ts';
import { selfplayCommand } from './selfplay.ts';
import { tournamentCommand } from './tournament.ts';
import { verifyCommand } from './verify.ts';

export interface Output {
  write(text: string): unknown;
}

export interface Command {
  readonly summary: string;
  /** Returns the exit code. */
  run(args: string[], out: Output): Promise<number>;
}

export const commands: Record<string, Command> = {
  replay: replayCommand,
  selfplay: selfplayCommand,
  bench: benchCommand,
  arena: arenaCommand,
  ladder: ladderCommand,
  connect: connectCommand,
  oracle: oracleCommand,
  examples: examplesCommand,
  analyze: analyzeCommand,
  verify: verifyCommand,
  tournament: tournamentCommand,
};
