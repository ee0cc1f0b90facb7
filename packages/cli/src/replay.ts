import { readFile } from 'node:fs/promises';
import { gameById, parseRecord, replay } from '@stich/engine';
import type { Command } from './commands.ts';
import { printJson } from './io.ts';

/** `stich replay FILE`: validates and replays a record, prints the outcome of every deal and the match. */
export const replayCommand: Command = {
  summary: 'replay FILE — check a game record and print its result as JSON',
  async run(args, out) {
    if (args.length !== 1) {
      printJson(out, { error: { code: 'usage', reason: 'usage: stich replay FILE' } });
      return 2;
    }
    let text: string;
    try {
      text = await readFile(args[0], 'utf8');
    } catch (e) {
      printJson(out, { error: { code: 'io', reason: (e as Error).message } });
      return 1;
    }
    const result = replayText(text);
    printJson(out, result);
    return 'error' in result ? 1 : 0;
  },
};

export function replayText(text: string): object {
  const record = parseRecord(text);
  if (!record.ok) return { error: record.error };
  const game = gameById(record.value.game);
  if (!game)
    return { error: { code: 'bad-record', reason: `game ${record.value.game} is not available yet` } };
  const played = replay(game, record.value);
  if (!played.ok) return { error: played.error };
  const state = played.value.state;
  const outcome = game.outcome(state);
  return {
    game: game.id,
    players: record.value.players ?? null,
    phase: game.phase(state),
    ...outcome,
  };
}
