/**
 * Test helpers for the account API (docs/accounts.md): requests with the CSRF header, a cookie jar of one
 * browser, and reading the session cookie a response sets.
 */
import { CSRF_HEADER, SESSION_COOKIE } from '@stich/protocol';

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
  /** The session cookie's value this answer set ('' when it removed it), undefined when it set none. */
  readonly cookie: string | undefined;
}

export interface CallOptions {
  readonly body?: unknown;
  /** `Authorization: Bearer` */
  readonly token?: string;
  /** The session cookie's value to send. */
  readonly cookie?: string;
  /** Send the CSRF header (default true). */
  readonly csrf?: boolean;
  readonly headers?: Record<string, string>;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<Answer<T>> {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.cookie ? { cookie: `${SESSION_COOKIE}=${o.cookie}` } : {}),
      ...(o.csrf === false ? {} : { [CSRF_HEADER]: '1' }),
      ...o.headers,
    },
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  const set = res.headers.get('set-cookie') ?? undefined;
  const m = set === undefined ? null : new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(set);
  return { status: res.status, body: body as T, headers: res.headers, cookie: m ? m[1] : undefined };
}
