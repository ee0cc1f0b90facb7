/**
 * Friends and blocks (docs/friends.md): signed-in players ask each other by account name; a friendship is
 * mutual (one asks, the other asks back or accepts), and only friends see each other online and at which
 * tables, and invite each other to a seat. A block ends any friendship or request between the two, and
 * keeps the blocked player out of every table the blocker sits at. State-changing requests carry
 * `CSRF_HEADER` as every account request does.
 */

import type { GameId } from '@stich/engine';
import { z } from 'zod';
import { accountNameSchema } from './account.ts';
import { tableIdSchema } from './base.ts';

/** The friends' routes; `:name` is an account name, URL-encoded. */
export const FRIENDS_API = {
  /** GET: `FriendsResponse`. POST `friendSchema`: ask a player, or accept his asking. */
  friends: '/api/friends',
  /** DELETE: end a friendship, withdraw one's asking, or decline the other's. */
  friend: '/api/friends/:name',
  /** POST `inviteSchema`: invite a friend to a seat at a table one sits at. */
  invite: '/api/friends/:name/invite',
  /** DELETE: dismiss an invitation one got. */
  invitation: '/api/invitations/:id',
  /** POST `friendSchema`: block a player. */
  blocks: '/api/blocks',
  /** DELETE: unblock. */
  block: '/api/blocks/:name',
} as const;

/** At most this many friends, open askings and blocks each (a list the server reads on every answer). */
export const FRIENDS_MAX = 200;
/** An invitation lapses after this many minutes (or when its table has no free seat any more). */
export const INVITATION_MINUTES = 30;

export const friendSchema = z.object({ name: accountNameSchema });
export const inviteSchema = z.object({ tableId: tableIdSchema });

/** A table a friend holds a seat at, which is not over. */
export interface FriendTable {
  readonly id: string;
  readonly game: GameId;
  readonly players: number;
  /** Seats nobody holds yet: the friend's table can take one more. */
  readonly free: number;
  /** A private table: a friend comes in by an invitation, which carries its code. */
  readonly private: boolean;
}

export interface Friend {
  readonly name: string;
  /** Seen by the server in the last few minutes (docs/friends.md says how). */
  readonly online: boolean;
  readonly tables: readonly FriendTable[];
}

/** An invitation to a seat, as its addressee sees it. */
export interface Invitation {
  readonly id: string;
  readonly from: string;
  readonly tableId: string;
  readonly game: GameId;
  readonly players: number;
  /** The private table's invite code, so that the link lets the friend in. */
  readonly code: string | null;
  readonly at: string;
}

/** GET /api/friends. */
export interface FriendsResponse {
  readonly friends: readonly Friend[];
  /** Players who asked the caller and wait for an answer. */
  readonly incoming: readonly string[];
  /** Players the caller asked. */
  readonly outgoing: readonly string[];
  readonly blocked: readonly string[];
  readonly invitations: readonly Invitation[];
}

/** POST /api/friends: what asking did. */
export interface FriendAnswer {
  readonly state: 'asked' | 'friends';
}
