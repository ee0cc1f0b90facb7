/**
 * Friends' presence and invitations (docs/friends.md): while this browser is signed in, the app asks
 * GET /api/friends every `POLL_MS`, which also tells the server that the player is online. The last answer
 * is kept for the header (invitations waiting) and the friends' screen; the screen asks again after each
 * change it makes (`refreshFriends`).
 */
import type { FriendsResponse } from '@stich/protocol';
import { useEffect, useSyncExternalStore } from 'react';
import { playerToken, signedInAs } from './net.ts';

/** Within the server's 2 minutes of "online", with room for a missed answer. */
const POLL_MS = 30_000;

/** The last answer and who listens: the poll's state, shared by the header and the friends' screen. */
const friends = {
  last: null as FriendsResponse | null,
  listeners: new Set<() => void>(),
  subscribe(f: () => void) {
    friends.listeners.add(f);
    return () => friends.listeners.delete(f);
  },
  current: () => friends.last,
};

/** Asks the server now; null for a guest (and the kept answer is dropped). */
export async function refreshFriends(): Promise<FriendsResponse | null> {
  let next: FriendsResponse | null = null;
  if (signedInAs()) {
    const token = playerToken();
    const res = await fetch('/api/friends', {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
    if (res.ok) next = (await res.json()) as FriendsResponse;
    else if (res.status !== 401) return friends.last;
  }
  friends.last = next;
  for (const f of friends.listeners) f();
  return next;
}

/** Runs the poll while the app is open (App.tsx). */
export function useFriendsPoll(): void {
  useEffect(() => {
    const tick = () => {
      if (signedInAs() && document.visibilityState !== 'hidden') void refreshFriends().catch(() => {});
    };
    tick();
    const id = setInterval(tick, POLL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);
}

/** The last answer of the poll. */
export const useFriends = (): FriendsResponse | null =>
  useSyncExternalStore(friends.subscribe, friends.current);
