import { type RawBuilder, sql } from 'kysely';

/**
 * Keyset pages of newest-first lists (`order by created_at desc, id desc`): a page ends at its
 * last row's time and id, so rows arriving meanwhile neither repeat nor push others off.
 */
export interface Keyset {
  createdAt: number;
  id: string;
}

/** The cursor for the next page, `<time>.<id>` (checked by `PageCursor` in shared/schemas/posts). */
export const encodeKeyset = (row: { created_at: number; id: string }) =>
  `${row.created_at}.${row.id}`;

export function decodeKeyset(cursor: string | undefined): Keyset | undefined {
  if (!cursor) return undefined;
  const dot = cursor.indexOf('.');
  return { createdAt: Number(cursor.slice(0, dot)), id: cursor.slice(dot + 1) };
}

type KeyedTable = 'posts' | 'notifications' | 'comments';

/**
 * The keyset against `table`'s (created_at, id), as a row-value comparison, which both engines
 * read as a range of the (created_at, id) index; the equivalent `a < x or (a = x and b < y)`
 * made PostgreSQL scan the index from the newest row and filter.
 */
function compared(table: KeyedTable, operator: '<' | '>=', keyset: Keyset): RawBuilder<boolean> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  return sql<boolean>`((${createdAt}, ${id}) ${sql.raw(operator)} (${keyset.createdAt}, ${keyset.id}))`;
}

/** The rows of `table` strictly after the keyset in newest-first order. */
export const olderThan = (table: KeyedTable, keyset: Keyset) => compared(table, '<', keyset);

/** The rows of `table` at the keyset or before it in newest-first order: it and every newer one. */
export const notOlderThan = (table: KeyedTable, keyset: Keyset) => compared(table, '>=', keyset);
