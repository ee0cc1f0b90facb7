/**
 * A table's rows as the server reads them and as a game record (docs/record-format.md): pure conversions,
 * shared by the store, parking and the statistics.
 */
import type { GameId, GameRecord, RecordStep } from '@stich/engine';
import { RECORD_FORMAT, RECORD_VERSION } from '@stich/engine';
import type { TablesTable } from './db.ts';
import type { SeatHolder, StoredStep, TableRow } from './store.ts';

/** The game record of a table's row, its steps and its seat holders (their names; computers by level). */
export function buildRecord(
  row: TableRow,
  steps: readonly StoredStep[],
  holders: readonly SeatHolder[] = [],
): GameRecord {
  const deals: Record<string, unknown>[] = [];
  const actions: RecordStep[] = [];
  for (const s of steps) {
    if (s.kind === 'deal') deals.push(s.data as Record<string, unknown>);
    else actions.push({ seat: s.seat as number, action: s.data as RecordStep['action'] });
  }
  const players = row.setup.map((setup, seat) =>
    setup.kind === 'bot'
      ? `Bot (${setup.level})`
      : (holders.find((h) => h.seat === seat)?.name ?? `Seat ${seat}`),
  );
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    game: row.game,
    config: row.config,
    players,
    dealer: row.dealer,
    deals,
    actions,
    meta: { table: row.id, created: row.createdAt, status: row.status, server: 'stich' },
  };
}

/** A `tables` row as the server uses it (JSON parsed, numbers as numbers). */
export function toRow(r: Omit<TablesTable, 'updated_at'>): TableRow {
  return {
    id: r.id,
    game: r.game as GameId,
    config: JSON.parse(r.config),
    setup: JSON.parse(r.setup),
    visibility: r.visibility as 'public' | 'private',
    invite: r.invite,
    status: r.status as TableRow['status'],
    dealer: Number(r.dealer),
    turnTimer: r.turn_timer === null ? null : Number(r.turn_timer),
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}
