/**
 * Routes in the URL hash, so every screen survives a reload without server-side routing:
 * `#/` lobby, `#/t/<id>` a table, `#/join/<code>` a private invite, `#/replay` the replay viewer
 * (`#/replay/<id>?code=<invite code>` a private table's replay for anyone with its link).
 * The server's invite links have the path `/join/<code>`; they are read the same way.
 */
import { startTransition, useEffect, useState } from 'react';

export type Route =
  | { readonly page: 'lobby' }
  | { readonly page: 'table'; readonly id: string; readonly seat?: number; readonly spectate?: boolean }
  | { readonly page: 'join'; readonly code: string }
  | { readonly page: 'replay'; readonly id?: string; readonly code?: string }
  | { readonly page: 'fair' }
  | { readonly page: 'signin' | 'signup' | 'settings' | 'friends' | 'tournaments' }
  | { readonly page: 'tournament'; readonly id: string; readonly code?: string }
  | { readonly page: 'player'; readonly name: string }
  | { readonly page: 'leaderboard'; readonly game?: string; readonly preset?: string };

export function parseRoute(pathname: string, hash: string): Route {
  const h = hash.replace(/^#/, '');
  const [path, query = ''] = h.split('?');
  const q = new URLSearchParams(query);
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 't' && parts[1]) {
    const seat = q.get('seat');
    return {
      page: 'table',
      id: decodeURIComponent(parts[1]),
      ...(seat !== null && /^\d+$/.test(seat) ? { seat: Number(seat) } : {}),
      ...(q.get('watch') === '1' ? { spectate: true } : {}),
    };
  }
  if (parts[0] === 'join' && parts[1]) return { page: 'join', code: decodeURIComponent(parts[1]) };
  if (parts[0] === 'replay') {
    if (!parts[1]) return { page: 'replay' };
    const code = q.get('code');
    return { page: 'replay', id: decodeURIComponent(parts[1]), ...(code ? { code } : {}) };
  }
  if (parts[0] === 'fair') return { page: 'fair' };
  if (parts[0] === 'signin' || parts[0] === 'signup' || parts[0] === 'settings' || parts[0] === 'friends')
    return { page: parts[0] };
  if (parts[0] === 'tournaments') {
    if (!parts[1]) return { page: 'tournaments' };
    const code = q.get('code');
    return { page: 'tournament', id: decodeURIComponent(parts[1]), ...(code ? { code } : {}) };
  }
  if (parts[0] === 'player' && parts[1]) return { page: 'player', name: decodeURIComponent(parts[1]) };
  if (parts[0] === 'leaderboard') {
    const preset = q.get('preset');
    return {
      page: 'leaderboard',
      ...(parts[1] ? { game: decodeURIComponent(parts[1]) } : {}),
      ...(preset ? { preset } : {}),
    };
  }
  const m = /^\/join\/([^/]+)/.exec(pathname);
  if (m) return { page: 'join', code: decodeURIComponent(m[1]) };
  return { page: 'lobby' };
}

export function hrefOf(r: Route): string {
  switch (r.page) {
    case 'lobby':
      return '#/';
    case 'table': {
      const q = new URLSearchParams();
      if (r.seat !== undefined) q.set('seat', String(r.seat));
      if (r.spectate) q.set('watch', '1');
      const s = q.toString();
      return `#/t/${encodeURIComponent(r.id)}${s ? `?${s}` : ''}`;
    }
    case 'join':
      return `#/join/${encodeURIComponent(r.code)}`;
    case 'replay':
      if (!r.id) return '#/replay';
      return `#/replay/${encodeURIComponent(r.id)}${r.code ? `?code=${encodeURIComponent(r.code)}` : ''}`;
    case 'fair':
      return '#/fair';
    case 'signin':
    case 'signup':
    case 'settings':
    case 'friends':
    case 'tournaments':
      return `#/${r.page}`;
    case 'tournament':
      return `#/tournaments/${encodeURIComponent(r.id)}${r.code ? `?code=${encodeURIComponent(r.code)}` : ''}`;
    case 'player':
      return `#/player/${encodeURIComponent(r.name)}`;
    case 'leaderboard':
      if (!r.game) return '#/leaderboard';
      return `#/leaderboard/${encodeURIComponent(r.game)}${r.preset ? `?preset=${encodeURIComponent(r.preset)}` : ''}`;
  }
}

export function navigate(r: Route, replace = false): void {
  const url = `/${hrefOf(r)}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname, location.hash));
  useEffect(() => {
    // A transition: the screen shown stays while the next one's chunk loads (App.tsx).
    const on = () => startTransition(() => setRoute(parseRoute(location.pathname, location.hash)));
    window.addEventListener('hashchange', on);
    window.addEventListener('popstate', on);
    return () => {
      window.removeEventListener('hashchange', on);
      window.removeEventListener('popstate', on);
    };
  }, []);
  return route;
}
