/**
 * Test helpers for the tournament routes (docs/tournaments.md): accounts, requests, waiting for a state,
 * and the stored results read straight from the SQLite file (to compare the routes' standings with the
 * core's `standings` of what is stored).
 */
import { ACCOUNT_API, type AccountResponse, type TournamentDetail } from '@stich/protocol';
import type { TableResult } from '@stich/tournament';
import SQLite from 'better-sqlite3';
import { expect } from 'vitest';
import { type Db, openDb } from '../src/db.ts';
import { tablesOf } from '../src/tournaments-tables.ts';
import { type Answer, call } from './accounts.ts';
import { guest } from './helpers.ts';

export interface Account {
  readonly id: string;
  readonly name: string;
  /** The guest token: joins tables, and signs account requests in (`Authorization: Bearer`). */
  readonly token: string;
}

export async function account(url: string, name: string): Promise<Account> {
  const g = await guest(url, name);
  const r = await call<AccountResponse>(url, 'POST', ACCOUNT_API.register, {
    token: g.token,
    body: { name, password: 'password 123' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: g.id, name, token: g.token };
}

export const tpath = (p: string, id: string) => p.replace(':id', id);

/** A tournament request as `who` (CSRF header included). */
export function req<T = TournamentDetail & { code: string; reason: string }>(
  url: string,
  who: Account,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  return call<T>(url, method, path, { token: who.token, ...(body !== undefined ? { body } : {}) });
}

/** Polls the detail until `pred` holds (or fails after `ms`). */
export async function until(
  url: string,
  who: Account,
  id: string,
  pred: (d: TournamentDetail) => boolean,
  ms = 60_000,
): Promise<TournamentDetail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await req<TournamentDetail>(url, who, 'GET', `/api/tournaments/${id}`);
    expect(r.status).toBe(200);
    if (pred(r.body)) return r.body;
    if (Date.now() > deadline)
      throw new Error(`tournament ${id} not there in ${ms} ms: ${JSON.stringify(r.body).slice(0, 800)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** Reads the test's database (SQLite or PostgreSQL) with a connection of its own. */
export async function withDb<T>(env: Record<string, string>, f: (db: Db) => Promise<T>): Promise<T> {
  const { db } = await openDb({
    databaseUrl: env.DATABASE_URL ?? null,
    databaseSchema: env.DATABASE_SCHEMA ?? 'public',
    sqliteFile: env.SQLITE_FILE ?? ':memory:',
  });
  try {
    return await f(db);
  } finally {
    await db.destroy();
  }
}

/** The stored results of a tournament, read from the test's database (SQLite or PostgreSQL). */
export function storedResults(env: Record<string, string>, id: string): Promise<TableResult[]> {
  return withDb(env, (db) => resultsOf(db, id));
}

/**
 * The same on an open database (the browser tests' in-process server), through the server's own `tablesOf`;
 * a table still in play gives null, as its stored column holds.
 */
export async function resultsOf(db: Db, id: string): Promise<TableResult[]> {
  return (await tablesOf(db, id)).map((t) => t.result as TableResult);
}

/** The deal steps of a table, from the SQLite file. */
export function storedDeals(file: string, tableId: string): { hands: string[][] }[] {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db
      .prepare("select data from steps where table_id = ? and kind = 'deal' order by seq")
      .all(tableId) as { data: string }[];
    return rows.map((r) => JSON.parse(r.data));
  } finally {
    db.close();
  }
}
