/**
 * The tournament screens repeat a few values of the protocol (so that their chunk does not carry its zod
 * schemas): they must agree with it. And the routes `#/tournaments` and `#/tournaments/<id>?code=` read
 * back what `hrefOf` writes.
 */
import * as protocol from '@stich/protocol/tournaments';
import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute } from '../src/route.ts';
import * as api from '../src/tournaments/api.ts';

describe('the tournament screens against the protocol', () => {
  it('use the protocol’s routes, poll interval and entrant limit', () => {
    expect(api.TOURNAMENTS_API).toEqual(protocol.TOURNAMENTS_API);
    expect(api.TOURNAMENT_POLL_SECONDS).toBe(protocol.TOURNAMENT_POLL_SECONDS);
    expect(api.TOURNAMENT_ENTRANTS_MAX).toBe(protocol.TOURNAMENT_ENTRANTS_MAX);
  });

  it('route the list, a tournament and one by invitation, with odd ids and codes intact', () => {
    expect(parseRoute('/', '#/tournaments')).toEqual({ page: 'tournaments' });
    expect(hrefOf({ page: 'tournaments' })).toBe('#/tournaments');
    for (const r of [
      { page: 'tournament', id: 'abc_DEF-12' },
      { page: 'tournament', id: 'a/b?c', code: 'x&y=z' },
    ] as const) {
      const href = hrefOf(r);
      expect(href.startsWith('#/tournaments/')).toBe(true);
      expect(parseRoute('/', href)).toEqual(r);
    }
    expect(hrefOf({ page: 'tournament', id: 'T1', code: 'K9' })).toBe('#/tournaments/T1?code=K9');
  });
});
