import type { Kysely } from 'kysely';
import { foldForSearch } from '#shared/text';

/*
 * The folded search forms (`*_search`, decision 0005) now also fold the Latin letters whose
 * mark is part of the letter (ł → l, ø → o, æ → ae, ß → ss…), as đ always was: "luk" finds
 * "Łukasz". Rows whose stored form differs from today's fold are written again; the indexes
 * (PostgreSQL's trigram index, SQLite's trigram table through its trigger) follow.
 */

const searchable = [
  { table: 'people', text: 'name', search: 'name_search' },
  { table: 'courses', text: 'name', search: 'name_search' },
  { table: 'lessons', text: 'title', search: 'title_search' },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, text, search } of searchable) {
    const rows: Array<{ id: string; text: string; search: string }> = await db
      .selectFrom(table)
      .select(['id', `${text} as text`, `${search} as search`])
      .execute();
    for (const row of rows) {
      const folded = foldForSearch(row.text);
      if (folded === row.search) continue;
      await db
        .updateTable(table)
        .set({ [search]: folded })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

// Forward only: the earlier fold found less, and nothing is lost by keeping the new one.
export async function down(): Promise<void> {}
