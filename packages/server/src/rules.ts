/**
 * The written rules of each game for the client's "Regeln": `GET /api/rules/:game` answers the game's
 * rules documentation (docs/rules/<game>.md, English, with the passages of the sources it follows) as
 * text. The client shows it under the options the engine describes (GET /api/games); the server keeps
 * no second copy of any rule.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createEndpoint } from '@colyseus/core';
import { gameById } from '@stich/engine';
import { AROUND_API, type RulesResponse } from '@stich/protocol';
import type { RouteKit } from './replay.ts';

/** The repository's docs/rules, beside the server package. */
export const RULES_DIR = resolve(import.meta.dirname, '..', '..', '..', 'docs', 'rules');

export function rulesRoute(kit: Pick<RouteKit, 'json' | 'fail'>, dir = RULES_DIR) {
  return {
    rules: createEndpoint(AROUND_API.rules, { method: 'GET' }, async (ctx) => {
      const id = String(ctx.params.game);
      // Only a registered game's id reaches the file system.
      if (!gameById(id)) return kit.fail('not-found', `no game ${id.slice(0, 32)}`);
      const text = await readFile(join(dir, `${id}.md`), 'utf8').catch(() => null);
      if (text === null) return kit.fail('not-found', `no written rules for ${id}`);
      const body: RulesResponse = { game: id as RulesResponse['game'], lang: 'en', markdown: text };
      return kit.json(body);
    }),
  };
}
