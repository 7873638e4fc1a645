import { type RawBuilder, sql } from 'kysely';
import { type DatabaseKind, databaseKindOf } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';
import { type CourseVisibility, visibleCourses } from '../courses/courses.repository.ts';

/** What was typed, in the two stored forms it is compared with (see 0003-search). */
export interface SearchNeedle {
  /** `foldForSearch` of the query: finds. */
  folded: string;
  /** `lowerForSearch` of the query: ranks matches of the typed diacritics first. */
  lower: string;
}

/*
 * Ranking (best first): a word starts with what was typed and its diacritics match as typed;
 * the diacritics match inside a word; a word starts with it once folded; found inside a word
 * once folded. With no diacritics typed there is nothing to match exactly: word starts, then
 * the rest. Each rank is a tier, fetched in order until the page is full; within a tier the
 * newest rows come first.
 *
 * Speed (decision 0005): a tier with few rows is best fetched through the trigram index and
 * sorted; a tier with many is best read by walking the `<table>_search_walk` index from the
 * newest row, which stops after a few rows because names are spread evenly over time.
 * SQLite's planner cannot tell the two apart, so a count through the FTS5 table, capped at
 * `sparseTier`, decides there. PostgreSQL's planner misjudges crowded tiers from its trigram
 * statistics, so a tier is first looked for among the newest `recentWindow` rows.
 */

/** SQLite: below this many rows a tier is fetched through the trigram index. */
const sparseTier = 300;
/**
 * SQLite: below this many rows found for the whole query, their ids are read once for every
 * tier. Reading an id costs more than counting a row, so the cap is lower than `sparseTier`.
 */
const fewRows = 100;
/** PostgreSQL: a tier is first looked for among this many newest rows (see `collect`). */
const recentWindow = 500;

interface Target {
  table: 'people' | 'courses' | 'lessons';
  search: string;
  lower: string;
  /**
   * Whether a typed word often matches a large share of the rows: people's names do (a few
   * family and middle names are most of them); course names and lesson titles do not.
   */
  crowded: boolean;
}

/** Rows the trigram index finds: SQLite's FTS5 query or PostgreSQL's LIKEs. */
interface Indexed {
  /** SQLite: an FTS5 query, null when a phrase is too short for trigrams. */
  fts: string | null;
  /** PostgreSQL: LIKE conditions (a superset of the tier when it has a NOT). */
  like: RawBuilder<boolean>;
}

/** One rank of results: a condition on the row (both engines) and its indexed lookup. */
interface Tier extends Indexed {
  condition: RawBuilder<boolean>;
}

function position(kind: DatabaseKind, haystack: RawBuilder<unknown>, needle: string) {
  return kind === 'postgres'
    ? sql<number>`strpos(${haystack}, ${needle})`
    : sql<number>`instr(${haystack}, ${needle})`;
}

const phrase = (column: 'search' | 'lower', text: string) =>
  [...text].length >= 3 ? `${column} : "${text.replaceAll('"', '""')}"` : null;
/** `a AND b`, `a NOT b NOT c`: null when a phrase is too short for the trigram index. */
const ftsAnd = (a: string | null, b: string | null) => (a && b ? `${a} AND ${b}` : null);
const ftsNot = (a: string | null, ...rest: Array<string | null>) =>
  a && rest.every(Boolean) ? [a, ...rest].join(' NOT ') : null;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A word starts with the query once folded; the query is inside once folded. */
function foldedTiers(kind: DatabaseKind, target: Target, needle: SearchNeedle) {
  const search = sql.ref(`${target.table}.${target.search}`);
  const folded = likeEscape(needle.folded);
  const wordStart: Tier = {
    condition: sql<boolean>`${position(kind, sql`' ' || ${search}`, ` ${needle.folded}`)} > 0`,
    fts: phrase('search', ` ${needle.folded}`),
    like: sql<boolean>`(${search} like ${`${folded}%`} or ${search} like ${`% ${folded}%`})`,
  };
  const inside: Tier = {
    condition: sql<boolean>`${position(kind, search, needle.folded)} > 0`,
    fts: phrase('search', needle.folded),
    like: sql<boolean>`${search} like ${`%${folded}%`}`,
  };
  return { wordStart, inside };
}

/** Every row any tier holds: its folded form has the query inside (at a word's start if short). */
function everything(kind: DatabaseKind, target: Target, needle: SearchNeedle): Tier {
  const { wordStart, inside } = foldedTiers(kind, target, needle);
  return [...needle.folded].length < 3 ? wordStart : inside;
}

/**
 * The tiers, best first.
 * Matches inside a word need three letters: shorter queries match word starts only.
 */
function tiersOf(kind: DatabaseKind, target: Target, needle: SearchNeedle): Tier[] {
  const lower = sql.ref(`${target.table}.${target.lower}`);
  const { wordStart, inside } = foldedTiers(kind, target, needle);
  const exact: Tier = {
    condition: sql<boolean>`${position(kind, lower, needle.lower)} > 0`,
    fts: phrase('lower', needle.lower),
    like: sql<boolean>`${lower} like ${`%${likeEscape(needle.lower)}%`}`,
  };
  const short = [...needle.folded].length < 3;
  const rest: Tier = {
    condition: sql<boolean>`${inside.condition} and not ${wordStart.condition}`,
    fts: ftsNot(inside.fts, wordStart.fts),
    like: inside.like,
  };
  if (needle.lower === needle.folded) return short ? [wordStart] : [wordStart, rest];
  const exactWordStart: Tier = {
    condition: sql<boolean>`${exact.condition} and ${wordStart.condition}`,
    fts: ftsAnd(exact.fts, wordStart.fts),
    like: sql<boolean>`${exact.like} and ${wordStart.like}`,
  };
  const exactInside: Tier = {
    condition: sql<boolean>`${exact.condition} and not ${wordStart.condition}`,
    fts: ftsNot(exact.fts, wordStart.fts),
    like: exact.like,
  };
  const foldedWordStart: Tier = {
    condition: sql<boolean>`${wordStart.condition} and not ${exact.condition}`,
    fts: ftsNot(wordStart.fts, exact.fts),
    like: wordStart.like,
  };
  const foldedInside: Tier = {
    condition: sql<boolean>`${rest.condition} and not ${exact.condition}`,
    fts: ftsNot(rest.fts, exact.fts),
    like: rest.like,
  };
  return short
    ? [exactWordStart, foldedWordStart]
    : [exactWordStart, exactInside, foldedWordStart, foldedInside];
}

/** The rows the trigram index finds, as a condition that lets it drive the query. */
function throughIndex(kind: DatabaseKind, table: Target['table'], indexed: Indexed) {
  const ftsTable = sql.table(`${table}_fts`);
  return kind === 'sqlite'
    ? sql<boolean>`${sql.ref(`${table}.id`)} in (select id from ${ftsTable} where ${ftsTable} match ${indexed.fts})`
    : indexed.like;
}

/** SQLite: the ids of the rows the FTS5 query finds, no more than `cap` of them. */
async function idsUpTo(db: Db, table: Target['table'], fts: string, cap: number) {
  const ftsTable = sql.table(`${table}_fts`);
  const { rows } = await sql<{ id: string }>`select id from ${ftsTable}
    where ${ftsTable} match ${fts} limit ${cap}`.execute(db);
  return rows.map((row) => row.id);
}

/** SQLite: how many rows the FTS5 query finds, counting no further than `sparseTier`. */
async function countUpTo(db: Db, table: Target['table'], fts: string) {
  const ftsTable = sql.table(`${table}_fts`);
  const { rows } = await sql<{ n: number }>`select count(*) as n from
    (select 1 from ${ftsTable} where ${ftsTable} match ${fts} limit ${sparseTier}) as found`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Rows of `target` matching the needle, best tier first, up to `limit`. `fetch` runs the kind's
 * own query (columns, joins, permissions) with one more condition, newest first.
 */
async function collect<Row>(
  db: Db,
  target: Target,
  needle: SearchNeedle,
  limit: number,
  fetch: (condition: RawBuilder<boolean>, limit: number) => Promise<Row[]>,
): Promise<Row[]> {
  const kind = databaseKindOf(db);
  // SQLite: every tier is a part of what the index finds for the whole query. When that is
  // fewer than `fewRows` (most searches of courses and lessons, and full names), their ids, read
  // once, are where every tier looks: the trigram index is asked once, not per tier (a long
  // phrase of common trigrams costs milliseconds each time), and finding none ends it.
  const anything = everything(kind, target, needle);
  if (kind === 'postgres' && !target.crowded && !(await anyFound(db, target.table, anything)))
    return [];
  const found =
    kind === 'sqlite' && anything.fts !== null
      ? await idsUpTo(db, target.table, anything.fts, fewRows)
      : null;
  if (found?.length === 0) return [];
  const foundFew = found !== null && found.length < fewRows;
  const rows: Row[] = [];
  let windowTried = false;
  for (const tier of tiersOf(kind, target, needle)) {
    const wanted = limit - rows.length;
    if (wanted <= 0) break;
    if (kind === 'postgres' && target.crowded && !windowTried) {
      // The best tier first among the newest rows: when it is crowded (a common family name),
      // it fills the page there. The planner cannot tell a crowded tier from its trigram
      // statistics and would read all of it through the index. Only the first tier that
      // could fill the page tries, since each try that finds too few costs a query.
      windowTried = true;
      const recent = await fetch(
        sql<boolean>`${tier.condition} and ${sql.ref(`${target.table}.created_at`)} >= ${windowStart(target.table)}`,
        wanted,
      );
      if (recent.length === wanted) {
        rows.push(...recent);
        continue;
      }
    }
    let condition: RawBuilder<boolean>;
    if (foundFew) {
      condition = sql<boolean>`${sql.ref(`${target.table}.id`)} in (select value from json_each(${JSON.stringify(found)})) and ${tier.condition}`;
    } else {
      const sparse =
        kind === 'postgres' ||
        (tier.fts !== null && (await countUpTo(db, target.table, tier.fts)) < sparseTier);
      condition = sparse
        ? sql<boolean>`${throughIndex(kind, target.table, tier)} and ${tier.condition}`
        : tier.condition;
    }
    rows.push(...(await fetch(condition, wanted)));
  }
  return rows;
}

/**
 * PostgreSQL: when the newest `recentWindow` rows of the table begin (their oldest creation
 * time), read backwards along the walk index; 0 when the table is smaller.
 */
function windowStart(table: Target['table']) {
  return sql`coalesce((select created_at from ${sql.table(table)}
    order by created_at desc offset ${sql.lit(recentWindow - 1)} limit 1), 0)`;
}

/**
 * PostgreSQL, for tables that are not crowded: whether the trigram index finds any row at all
 * (most searches find no course or lesson; one look then saves a query per tier).
 */
async function anyFound(db: Db, table: Target['table'], indexed: Indexed) {
  const { rows } =
    await sql`select 1 from ${sql.table(table)} where ${indexed.like} limit 1`.execute(db);
  return rows.length > 0;
}

export async function searchCourses(
  db: Db,
  needle: SearchNeedle,
  visibility: CourseVisibility,
  limit: number,
) {
  const target = {
    table: 'courses',
    search: 'name_search',
    lower: 'name_lower',
    crowded: false,
  } as const;
  return collect(db, target, needle, limit, (condition, wanted) =>
    db
      .selectFrom('courses')
      .select(['courses.id', 'courses.name', 'courses.image_url', 'courses.status'])
      .where(condition)
      .where(visibleCourses(visibility))
      .orderBy('courses.created_at', 'desc')
      .orderBy('courses.id', 'desc')
      .limit(wanted)
      .execute(),
  );
}

export async function searchLessons(
  db: Db,
  needle: SearchNeedle,
  visibility: CourseVisibility,
  limit: number,
) {
  const target = {
    table: 'lessons',
    search: 'title_search',
    lower: 'title_lower',
    crowded: false,
  } as const;
  return collect(db, target, needle, limit, (condition, wanted) =>
    db
      .selectFrom('lessons')
      .innerJoin('courses', 'courses.id', 'lessons.course_id')
      .select(['lessons.id', 'lessons.title', 'lessons.course_id', 'courses.name as course_name'])
      .where(condition)
      .where(visibleCourses(visibility))
      .orderBy('lessons.created_at', 'desc')
      .orderBy('lessons.id', 'desc')
      .limit(wanted)
      .execute(),
  );
}

export async function searchStudents(db: Db, needle: SearchNeedle, limit: number) {
  const target = {
    table: 'people',
    search: 'name_search',
    lower: 'name_lower',
    crowded: true,
  } as const;
  // Nearly everyone is a student, so the role must not choose the index: on SQLite a unary
  // plus keeps the planner from using it.
  const role = databaseKindOf(db) === 'sqlite' ? sql`+people.role` : sql`people.role`;
  return collect(db, target, needle, limit, (condition, wanted) =>
    db
      .selectFrom('people')
      .select(['people.id', 'people.name', 'people.avatar_url', 'people.status'])
      .where(sql<boolean>`${role} = 'student'`)
      .where(condition)
      .orderBy('people.created_at', 'desc')
      .orderBy('people.id', 'desc')
      .limit(wanted)
      .execute(),
  );
}
