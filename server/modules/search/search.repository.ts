import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type DatabaseKind, databaseKindOf } from '../../db/dialect.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, Db } from '../../db/schema.ts';
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
 * `sparseTier`, decides there, a query per tier. PostgreSQL answers the whole search in one
 * prepared statement (`searchInOneStatement`): every tier at once through the trigram index,
 * ranked; a crowded first tier is first looked for among the newest `recentWindow` rows.
 */

/** SQLite: below this many rows a tier is fetched through the trigram index. */
const sparseTier = 300;
/**
 * SQLite: below this many rows found for the whole query, their ids are read once for every
 * tier. Reading an id costs more than counting a row, so the cap is lower than `sparseTier`.
 */
const fewRows = 100;
/** PostgreSQL: people's first tier is first looked for among this many newest rows. */
const recentWindow = 500;

interface Target {
  table: 'people' | 'courses' | 'lessons';
  search: string;
  lower: string;
}

/** One rank of results: a condition on the row (both engines) and its FTS5 query (SQLite). */
interface Tier {
  condition: RawBuilder<boolean>;
  /** SQLite: an FTS5 query, null when a phrase is too short for trigrams. */
  fts: string | null;
}

/**
 * The strings a search compares, each a value of its statement (on PostgreSQL a prepared one,
 * planned once per connection): which of them are present decides the statement's shape.
 */
interface NeedleStrings {
  /** The query as typed, lower-cased: present only when it has diacritics. */
  lower?: string;
  /** A space, then the folded query: found where a word starts. */
  spaced: string;
  /** Three letters or more: the folded query, and its LIKE pattern anywhere in a text. */
  folded?: string;
  likeInside?: string;
  /** Fewer: the LIKE patterns of the text's start and of a later word's start. */
  likeStart?: string;
  likeWordStart?: string;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches inside a word need three letters: shorter queries match word starts only. */
function needleStrings(needle: SearchNeedle): NeedleStrings {
  const escaped = likeEscape(needle.folded);
  return {
    ...(needle.lower !== needle.folded && { lower: needle.lower }),
    spaced: ` ${needle.folded}`,
    ...([...needle.folded].length >= 3
      ? { folded: needle.folded, likeInside: `%${escaped}%` }
      : { likeStart: `${escaped}%`, likeWordStart: `% ${escaped}%` }),
  };
}

function position(kind: DatabaseKind, haystack: RawBuilder<unknown>, needle: string | undefined) {
  return kind === 'postgres'
    ? sql<number>`strpos(${haystack}, ${needle})`
    : sql<number>`instr(${haystack}, ${needle})`;
}

/**
 * SQLite: an FTS5 phrase, null when too short for trigrams. PostgreSQL needs none, and its
 * strings may be a prepared query's stand-ins, which must not be read.
 */
const phrase = (kind: DatabaseKind, column: 'search' | 'lower', text: string | undefined) =>
  kind === 'sqlite' && text !== undefined && [...text].length >= 3
    ? `${column} : "${text.replaceAll('"', '""')}"`
    : null;
/** `a AND b`, `a NOT b NOT c`: null when a phrase is too short for the trigram index. */
const ftsAnd = (a: string | null, b: string | null) => (a && b ? `${a} AND ${b}` : null);
const ftsNot = (a: string | null, ...rest: Array<string | null>) =>
  a && rest.every(Boolean) ? [a, ...rest].join(' NOT ') : null;

/**
 * Every row any tier holds: its folded form has the query inside (at a word's start if short),
 * as the LIKE that PostgreSQL's trigram index answers and as an FTS5 query.
 */
function everything(kind: DatabaseKind, target: Target, strings: NeedleStrings) {
  const search = sql.ref(`${target.table}.${target.search}`);
  return strings.folded === undefined
    ? {
        like: sql<boolean>`(${search} like ${strings.likeStart} or ${search} like ${strings.likeWordStart})`,
        fts: phrase(kind, 'search', strings.spaced),
      }
    : {
        like: sql<boolean>`${search} like ${strings.likeInside}`,
        fts: phrase(kind, 'search', strings.folded),
      };
}

/** The tiers, best first. */
function tiersOf(kind: DatabaseKind, target: Target, strings: NeedleStrings): Tier[] {
  const search = sql.ref(`${target.table}.${target.search}`);
  const lower = sql.ref(`${target.table}.${target.lower}`);
  const wordStart: Tier = {
    condition: sql<boolean>`${position(kind, sql`' ' || ${search}`, strings.spaced)} > 0`,
    fts: phrase(kind, 'search', strings.spaced),
  };
  const rest: Tier | null =
    strings.folded === undefined
      ? null
      : {
          condition: sql<boolean>`${position(kind, search, strings.folded)} > 0 and not ${wordStart.condition}`,
          fts: ftsNot(phrase(kind, 'search', strings.folded), wordStart.fts),
        };
  if (strings.lower === undefined) return rest ? [wordStart, rest] : [wordStart];
  const exact: Tier = {
    condition: sql<boolean>`${position(kind, lower, strings.lower)} > 0`,
    fts: phrase(kind, 'lower', strings.lower),
  };
  const exactWordStart: Tier = {
    condition: sql<boolean>`${exact.condition} and ${wordStart.condition}`,
    fts: ftsAnd(exact.fts, wordStart.fts),
  };
  const foldedWordStart: Tier = {
    condition: sql<boolean>`${wordStart.condition} and not ${exact.condition}`,
    fts: ftsNot(wordStart.fts, exact.fts),
  };
  if (!rest) return [exactWordStart, foldedWordStart];
  const exactInside: Tier = {
    condition: sql<boolean>`${exact.condition} and not ${wordStart.condition}`,
    fts: ftsNot(exact.fts, wordStart.fts),
  };
  const foldedInside: Tier = {
    condition: sql<boolean>`${rest.condition} and not ${exact.condition}`,
    fts: ftsNot(rest.fts, exact.fts),
  };
  return [exactWordStart, exactInside, foldedWordStart, foldedInside];
}

/** SQLite: the rows the FTS5 table finds, as a condition that lets it drive the query. */
function throughFts(table: Target['table'], tier: Tier) {
  const ftsTable = sql.table(`${table}_fts`);
  return sql<boolean>`${sql.ref(`${table}.id`)} in (select id from ${ftsTable} where ${ftsTable} match ${tier.fts})`;
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
 * SQLite: rows of `target` matching the needle, best tier first, up to `limit`, a query per
 * tier (in process, a query costs no round trip). `fetch` runs the kind's own query (columns,
 * joins, permissions) with one more condition, newest first.
 */
async function collect<Row>(
  db: Db,
  target: Target,
  strings: NeedleStrings,
  limit: number,
  fetch: (condition: RawBuilder<boolean>, limit: number) => Promise<Row[]>,
): Promise<Row[]> {
  // Every tier is a part of what the index finds for the whole query. When that is fewer than
  // `fewRows` (most searches of courses and lessons, and full names), their ids, read once, are
  // where every tier looks: the trigram index is asked once, not per tier (a long phrase of
  // common trigrams costs milliseconds each time), and finding none ends it.
  const anything = everything('sqlite', target, strings);
  const found =
    anything.fts !== null ? await idsUpTo(db, target.table, anything.fts, fewRows) : null;
  if (found?.length === 0) return [];
  const foundFew = found !== null && found.length < fewRows;
  const rows: Row[] = [];
  for (const tier of tiersOf('sqlite', target, strings)) {
    const wanted = limit - rows.length;
    if (wanted <= 0) break;
    let condition: RawBuilder<boolean>;
    if (foundFew) {
      condition = sql<boolean>`${sql.ref(`${target.table}.id`)} in (select value from json_each(${JSON.stringify(found)})) and ${tier.condition}`;
    } else {
      const sparse =
        tier.fts !== null && (await countUpTo(db, target.table, tier.fts)) < sparseTier;
      condition = sparse
        ? sql<boolean>`${throughFts(target.table, tier)} and ${tier.condition}`
        : tier.condition;
    }
    rows.push(...(await fetch(condition, wanted)));
  }
  return rows;
}

/**
 * PostgreSQL: the ids of the newest `recentWindow` rows of the table where `condition` holds,
 * newest first, no more than `limit`. The window is read backwards along the walk index, which
 * holds every column a tier's condition reads (migration 0003), so only the rows kept are read
 * from the table.
 * It is counted in rows, by (creation time, id): rows made at the same moment (an import) are
 * told apart by their id, so the window never holds more.
 */
function idsInWindow(target: Target, condition: RawBuilder<boolean>, limit: number) {
  const table = sql.table(target.table);
  const columns = sql.join(
    [
      'created_at',
      'id',
      target.search,
      target.lower,
      ...(target.table === 'people' ? ['role'] : []),
    ].map((column) => sql.ref(column)),
  );
  // Named as the table, so the tiers' conditions read the window's columns.
  return sql`select ${sql.ref(`${target.table}.id`)} from (select ${columns} from ${table}
      order by created_at desc, id desc limit ${sql.lit(recentWindow)}) as ${table}
    where ${condition}
    order by created_at desc, id desc limit ${sql.lit(limit)}`;
}

/**
 * Who the search finds among people. Nearly everyone is a student, so the role must not choose
 * the index: on SQLite a unary plus keeps the planner from using it.
 */
const isStudent = (kind: DatabaseKind) =>
  sql<boolean>`${kind === 'sqlite' ? sql`+people.role` : sql`people.role`} = 'student'`;

/** Each kind's own query: its columns, joins and permissions; the search adds the rest. */
const kinds = {
  courses: {
    target: {
      table: 'courses',
      search: 'name_search',
      lower: 'name_lower',
    } as const satisfies Target,
    query: (db: Db, visibility: CourseVisibility) =>
      db
        .selectFrom('courses')
        .select(['courses.id', 'courses.name', 'courses.image_url', 'courses.status'])
        .where(visibleCourses(visibility)),
  },
  lessons: {
    target: {
      table: 'lessons',
      search: 'title_search',
      lower: 'title_lower',
    } as const satisfies Target,
    query: (db: Db, visibility: CourseVisibility) =>
      db
        .selectFrom('lessons')
        .innerJoin('courses', 'courses.id', 'lessons.course_id')
        .select(['lessons.id', 'lessons.title', 'lessons.course_id', 'courses.name as course_name'])
        .where(visibleCourses(visibility)),
  },
  students: {
    target: {
      table: 'people',
      search: 'name_search',
      lower: 'name_lower',
    } as const satisfies Target,
    query: (db: Db) =>
      db
        .selectFrom('people')
        .select(['people.id', 'people.name', 'people.avatar_url', 'people.status'])
        .where(isStudent(databaseKindOf(db))),
  },
};

type CourseHit = Awaited<ReturnType<ReturnType<typeof kinds.courses.query>['execute']>>[number];
type LessonHit = Awaited<ReturnType<ReturnType<typeof kinds.lessons.query>['execute']>>[number];
type StudentHit = Awaited<ReturnType<ReturnType<typeof kinds.students.query>['execute']>>[number];

export interface SearchHits {
  courses: CourseHit[];
  lessons: LessonHit[];
  students: StudentHit[];
}

/**
 * Courses, lessons and students matching the needle, best tier first, up to each kind's limit
 * (0 leaves a kind out). PostgreSQL answers in one statement; SQLite asks per tier (see
 * `collect`), which costs nothing there but is many round trips on PostgreSQL.
 */
export async function searchKinds(
  db: Db,
  needle: SearchNeedle,
  visibility: CourseVisibility,
  limits: { courses: number; lessons: number; students: number },
): Promise<SearchHits> {
  const strings = needleStrings(needle);
  if (databaseKindOf(db) === 'postgres') {
    const [row] = await searchInOneStatement(db, {
      strings,
      // An admin sees every course: who asks is then not part of the statement.
      visibility: {
        all: visibility.all,
        proposerId: visibility.all ? null : visibility.proposerId,
      },
      limits,
    });
    return row!;
  }
  const [courses, lessons, students] = await Promise.all([
    collect(db, kinds.courses.target, strings, limits.courses, (condition, wanted) =>
      newestFirst(
        kinds.courses.query(db, visibility).where(condition),
        'courses',
        wanted,
      ).execute(),
    ),
    collect(db, kinds.lessons.target, strings, limits.lessons, (condition, wanted) =>
      newestFirst(
        kinds.lessons.query(db, visibility).where(condition),
        'lessons',
        wanted,
      ).execute(),
    ),
    limits.students === 0
      ? []
      : collect(db, kinds.students.target, strings, limits.students, (condition, wanted) =>
          newestFirst(kinds.students.query(db).where(condition), 'people', wanted).execute(),
        ),
  ]);
  return { courses, lessons, students };
}

/** Newest rows first, a page of `limit`. */
function newestFirst<Tables extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Tables, Row>,
  table: Target['table'],
  limit: number,
) {
  return query
    .orderBy(sql.ref(`${table}.created_at`), 'desc')
    .orderBy(sql.ref(`${table}.id`), 'desc')
    .limit(limit);
}

/**
 * PostgreSQL: every kind in one statement, each a JSON array. A kind's rows are those the
 * trigram index finds for the whole query, ranked by their tier, then newest first. People's
 * names are crowded (a common family name is a tenth of everyone), and ranking all of a crowded
 * tier's rows would read and sort every one: so the best tier is first looked for among the
 * newest `recentWindow` rows, and only when it does not fill the page there are all tiers ranked.
 */
const searchInOneStatement = preparedQuery(
  (
    db: Db,
    {
      strings,
      visibility,
      limits,
    }: {
      strings: NeedleStrings;
      visibility: CourseVisibility;
      limits: { courses: number; lessons: number; students: number };
    },
  ) => {
    const ranked = <Tables extends keyof Database, Row>(
      query: SelectQueryBuilder<Database, Tables, Row>,
      target: Target,
      limit: number,
    ) => {
      const tiers = tiersOf('postgres', target, strings);
      const rank = sql<number>`case ${sql.join(
        tiers.map((tier, index) => sql`when ${tier.condition} then ${sql.lit(index)}`),
        sql` `,
      )} end`;
      // Every row the index finds for the whole query is in one of the tiers.
      return newestFirst(
        query
          .select(rank.as('rank'))
          .where(everything('postgres', target, strings).like)
          .orderBy(sql.ref('rank')),
        target.table,
        limit,
      );
    };
    const students = kinds.students;
    const first = tiersOf('postgres', students.target, strings)[0]!;
    const recent = newestFirst(
      students
        .query(db)
        // The columns in the order `ranked` gives them: the union below matches them by place.
        .select(['people.created_at', sql<number>`0`.as('rank')])
        .where(
          sql<boolean>`people.id in (${idsInWindow(
            students.target,
            sql`${isStudent('postgres')} and ${first.condition}`,
            limits.students,
          )})`,
        ),
      'people',
      limits.students,
    );
    const allTiers = ranked(
      students.query(db).select('people.created_at'),
      students.target,
      limits.students,
    );
    const full = sql.lit(limits.students);
    // The recent rows when they fill the page, else every tier ranked: PostgreSQL runs the
    // second part only when the first did not fill it.
    const studentRows = sql<StudentHit>`(with recent as (${recent})
      select * from recent where (select count(*) from recent) = ${full}
      union all
      select * from (${allTiers}) as ranked where (select count(*) from recent) < ${full}
      order by rank, created_at desc, id desc)`;
    // Each kind's rows as one JSON array, in the subquery's order.
    const asJson = <Row>(
      rows: RawBuilder<unknown> | SelectQueryBuilder<Database, never, unknown>,
    ) => sql<Row[]>`(select coalesce(json_agg(found), '[]') from ${rows} as found)`;
    return db.selectNoFrom([
      asJson<CourseHit>(
        ranked(kinds.courses.query(db, visibility), kinds.courses.target, limits.courses),
      ).as('courses'),
      asJson<LessonHit>(
        ranked(kinds.lessons.query(db, visibility), kinds.lessons.target, limits.lessons),
      ).as('lessons'),
      (limits.students === 0 ? sql<StudentHit[]>`'[]'::json` : asJson<StudentHit>(studentRows)).as(
        'students',
      ),
    ]);
  },
  // Each page size is written into the SQL, and so is whether the viewer sees every course.
  { inSql: ['visibility.all', 'limits.courses', 'limits.lessons', 'limits.students'] },
);
