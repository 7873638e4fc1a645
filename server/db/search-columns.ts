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

/** The `like` pattern that finds folded text anywhere, its wildcards taken literally. */
export function containsPattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A `like` condition with a pattern from `containsPattern`. The column is written by the caller
 * as a trusted reference (e.g. `sql.ref('people.name_search')`).
 */
export function matchesPattern(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like ${pattern} escape '\\'`;
}

/** A `like` condition: the column contains the folded text, wildcards in it taken literally. */
export function containsFolded(column: RawBuilder<unknown>, folded: string): RawBuilder<boolean> {
  return matchesPattern(column, containsPattern(folded));
}
