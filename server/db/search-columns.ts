import { type RawBuilder, sql } from 'kysely';
import { foldForSearch, lowerForSearch } from '#shared/text';

/** The stored search forms of a name (people, courses), written with every write of the name. */
export function nameSearchColumns(name: string) {
  return { name_search: foldForSearch(name), name_lower: lowerForSearch(name) };
}

/** The stored search forms of a lesson's title. */
export function titleSearchColumns(title: string) {
  return { title_search: foldForSearch(title), title_lower: lowerForSearch(title) };
}

/**
 * A `like` condition: the column contains the folded text, wildcards in it taken literally.
 * The column is written by the caller as a trusted reference (e.g. `sql.ref('people.name_search')`).
 */
export function containsFolded(column: RawBuilder<unknown>, folded: string): RawBuilder<boolean> {
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${column} like ${pattern} escape '\\'`;
}
