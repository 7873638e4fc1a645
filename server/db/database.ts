import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DefaultQueryCompiler,
  Kysely,
  type LimitNode,
  Migrator,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  type PostgresQueryResult,
  SqliteDialect,
  SqliteQueryCompiler,
  sql,
  ValueNode,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import type { DatabaseConfig } from '../config.ts';
import { type DatabaseKind, databaseKindOf } from './dialect.ts';
import { type EventBus, InProcessBus, PostgresBus } from './event-bus.ts';
import { migrations } from './migrations/index.ts';
import { PREPARED_MARK } from './prepared.ts';
import type { Database } from './schema.ts';

// PostgreSQL returns bigint (epoch milliseconds, counts) as strings unless told otherwise;
// every bigint here fits in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface AppDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * The live-update bus that goes with this database: in memory for SQLite (one process),
   * LISTEN/NOTIFY for PostgreSQL (any number of processes).
   */
  events: EventBus;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** SQLite: the database's file, which other threads open to read it (WAL lets them). */
  file: string | null;
  /** Runs `hook` as the database closes, before its connection: what was opened beside it. */
  onClose(hook: () => Promise<void>): void;
  close(): Promise<void>;
}

/**
 * A statement that reads, as Kysely's SQLite driver uses it, returning rows as objects built
 * here from better-sqlite3's arrays: better-sqlite3 builds an object key by key through its C++
 * API, a large part of the feed query's time (server/db/README.md). The column names are
 * read once; the cache below drops every statement when the schema changes.
 */
function readingStatement(statement: SQLite.Statement) {
  const raw = statement.raw(true);
  const names = raw.columns().map((column) => column.name);
  const toRow = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index += 1) row[names[index]!] = values[index];
    return row;
  };
  return {
    reader: true as const,
    all: (parameters: unknown[]) => (raw.all(parameters) as unknown[][]).map(toRow),
    *iterate(parameters: unknown[]) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) {
        yield toRow(values);
      }
    },
    run: (parameters: unknown[]) => raw.run(parameters),
  };
}

type CachedStatement = SQLite.Statement | ReturnType<typeof readingStatement>;

/**
 * The SQLite connection as Kysely sees it, keeping prepared statements by their SQL text:
 * Kysely prepares every query afresh, and preparing the feed's query costs about as much as
 * running it. Statements are reused one at a time (better-sqlite3 is synchronous).
 * A schema change (migrations, on this connection, at start) empties the cache, so no
 * statement outlives the columns it read.
 */
function withStatementCache(connection: SQLite.Database, capacity = 500) {
  const statements = new LRUCache<string, CachedStatement>({ max: capacity });
  return {
    close: () => connection.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (/^\s*(create|alter|drop)\b/i.test(text)) statements.clear();
        const prepared = connection.prepare(text);
        statement = prepared.reader ? readingStatement(prepared) : prepared;
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * Page sizes are written into the SQL (`limit 11`) rather than bound (`limit ?`), on both
 * engines: SQLite runs the feed's query markedly faster with a written limit (the same plan),
 * and PostgreSQL only reuses a prepared statement's plan when it knows the limit. Only whole numbers the code chose are written in; anything else is
 * bound.
 */
// biome-ignore lint/suspicious/noExplicitAny: the mixin pattern TypeScript requires
function withLiteralLimits<Compiler extends new (...args: any[]) => DefaultQueryCompiler>(
  Base: Compiler,
) {
  return class extends Base {
    protected override visitLimit(node: LimitNode): void {
      if (ValueNode.is(node.limit) && Number.isSafeInteger(node.limit.value)) {
        this.append(`limit ${node.limit.value as number}`);
      } else {
        super.visitLimit(node);
      }
    }
  };
}

const SqliteCompiler = withLiteralLimits(SqliteQueryCompiler);
const PostgresCompiler = withLiteralLimits(PostgresQueryCompiler);

class AppSqliteDialect extends SqliteDialect {
  override createQueryCompiler() {
    return new SqliteCompiler();
  }
}

class AppPostgresDialect extends PostgresDialect {
  override createQueryCompiler() {
    return new PostgresCompiler();
  }
}

/**
 * Kysely's pool over node-postgres's, where a connection prepares the prepared queries
 * (db/prepared.ts: those made on every request) once, under a name taken from their text, so that
 * PostgreSQL plans them once rather than on every run: planning the feed's query takes several
 * times longer than running it. Other statements are planned for each run, with their values: a
 * generic plan cannot see the pattern a search looks for, and searches would slow down.
 * A schema change that alters what a prepared statement returns makes PostgreSQL refuse it
 * (error 0A000). The connection then moves to new names, which node-postgres prepares afresh as
 * it does any name it has not seen, and drops the refused one. Retried outside a transaction
 * only: inside one, PostgreSQL has already ended the transaction, which fails as with any error.
 * The schema changes only when the server starts.
 * Both sides are the libraries' public surface: Kysely's `PostgresPool` interface, and
 * node-postgres's `pool.connect()` and named query config.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per node-postgres connection, for its life: Kysely keeps its own connection
  // object by the client the pool hands out.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  /** Part of every statement name on this connection; a refusal moves it on. */
  let generation = 0;
  const prepared = async (text: string, values: unknown[]) => {
    const name = statementName(text, generation);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code !== '0A000') throw error;
      generation += 1;
      await client.query(`deallocate "${name}"`);
      return client.query({ name: statementName(text, generation), text, values });
    }
  };
  function query<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when given one in its config, which this app is not.
    if (typeof sqlOrCursor !== 'string') throw new Error('streaming is not configured');
    const values = [...parameters];
    return (
      sqlOrCursor.startsWith(PREPARED_MARK)
        ? prepared(sqlOrCursor, values)
        : client.query(sqlOrCursor, values)
    ) as Promise<PostgresQueryResult<R>>;
  }
  return { query, release: () => client.release() };
}

const statementNames = new LRUCache<string, string>({ max: 2_000 });

/**
 * A prepared statement's name, from its text and the connection's generation (the hash is
 * remembered: hashing on every request shows).
 */
function statementName(text: string, generation: number): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `hv_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return generation === 0 ? name : `${name}_${generation}`;
}

/** Hooks run as a database closes, newest first, then the database itself. */
function closing(finish: () => Promise<void>) {
  const hooks: Array<() => Promise<void>> = [];
  return {
    onClose: (hook: () => Promise<void>) => {
      hooks.push(hook);
    },
    close: async () => {
      for (const hook of hooks.splice(0).reverse()) await hook();
      await finish();
    },
  };
}

/**
 * A read-only connection to an SQLite database another connection writes, for a worker thread:
 * WAL mode lets it read while the server writes, each statement seeing the last commit.
 */
export function openSqliteReader(file: string): Kysely<Database> {
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new AppSqliteDialect({ database: withStatementCache(connection) }),
  });
}

export function openDatabase(config: DatabaseConfig): AppDatabase {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const connection = new SQLite(config.file);
    connection.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a committed write survives the process being killed; only an OS
    // crash or power loss can drop the last commits, and never corrupts (docs/decisions/0003).
    connection.pragma('synchronous = NORMAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({
      dialect: new AppSqliteDialect({ database: withStatementCache(connection) }),
    });
    const events = new InProcessBus();
    return {
      db,
      kind: 'sqlite',
      events,
      file: config.file,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      ...closing(async () => {
        await events.close();
        await db.destroy();
      }),
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 3000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new AppPostgresDialect({ pool: preparingPool(pool) }),
  });
  const events = new PostgresBus(pool, config.url);
  return {
    db,
    kind: 'postgres',
    events,
    file: null,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    ...closing(async () => {
      await events.close();
      await db.destroy();
    }),
  };
}

function migratorOf(db: Kysely<Database>) {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/**
 * Where the schema stands: the steps this code knows, applied or pending, and the steps the
 * database has that this code does not know (a newer release upgraded it). `floor` is the oldest
 * step a release must know to run here (decision 0024); `runs` says whether this code may run on
 * the database: it knows every step it has, or it knows the floor and has nothing to run.
 */
export async function migrationStatus(db: Kysely<Database>) {
  const known = await migratorOf(db).getMigrations();
  const names = new Set(known.map((migration) => migration.name));
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const has = (name: string) => tables.some((table) => table.name === name);
  const recorded = has('kysely_migration')
    ? await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    : { rows: [] };
  const floor = has('schema_readers')
    ? (await sql<{ oldest: string }>`select oldest from schema_readers where id = 1`.execute(db))
        .rows[0]?.oldest
    : undefined;
  const applied = known.filter((migration) => migration.executedAt).map((m) => m.name);
  const pending = known.filter((migration) => !migration.executedAt).map((m) => m.name);
  const unknown = recorded.rows.map((row) => row.name).filter((name) => !names.has(name));
  const runs =
    unknown.length === 0 ||
    (floor !== undefined && applied.includes(floor) && pending.length === 0);
  return { applied, pending, unknown, floor: floor ?? null, runs };
}

/**
 * The oldest step a release must know to run on a schema with `applied` steps: the last one that
 * is not marked `olderReleasesRun`.
 */
export function schemaFloor(applied: string[]): string | undefined {
  return applied.findLast((name) => migrations[name]?.olderReleasesRun !== true);
}

/** The database was upgraded by a newer release than this code: starting would break it. */
export class DatabaseNewerError extends Error {
  constructor(readonly unknown: string[]) {
    super(fillPlaceholders(cli.doctor.newer, { names: unknown.join(', ') }));
  }
}

/** A migration step as it ran: reported as each one ends, so a long upgrade shows its progress. */
export interface MigrationStep {
  name: string;
  ms: number;
}

/**
 * Brings the schema to the latest migration, one step at a time (each in its own transaction
 * where the engine allows, Kysely holding its lock), forward only, telling `onStep` of each.
 * `beforeSteps` runs first when there are steps to run, under the same lock: a server that
 * starts while another runs the steps waits and then finds none, rather than taking a backup of
 * a half-upgraded schema. Refuses a database a newer release upgraded; throws with the failing
 * migration's error.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  onStep: (step: MigrationStep) => void = () => {},
  beforeSteps?: (status: { applied: string[]; pending: string[] }) => Promise<void>,
): Promise<MigrationStep[]> {
  return holdingSchemaLock(db, (connection) => migrateOn(connection, onStep, beforeSteps));
}

/**
 * Runs `work` while this process alone may change the schema. Several servers starting at once
 * on one PostgreSQL database would each create the same tables (Kysely's own, before its lock;
 * better-auth's) and one would fail on the other's half-made table: on PostgreSQL `work` runs
 * under an advisory lock held by one connection, which it is given, and the others wait. SQLite
 * needs none: one server holds the data folder.
 */
export async function holdingSchemaLock<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (databaseKindOf(db) !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

/** The advisory lock key of the schema's upgrade (any fixed number the app uses for nothing else). */
const MIGRATION_LOCK = 7_203_417_001;

async function migrateOn(
  db: Kysely<Database>,
  onStep: (step: MigrationStep) => void,
  beforeSteps?: (status: { applied: string[]; pending: string[] }) => Promise<void>,
): Promise<MigrationStep[]> {
  const { unknown, pending, applied, runs } = await migrationStatus(db);
  if (unknown.length > 0) {
    // A newer release's expand steps: this one runs on them as they are, changing nothing.
    if (runs) return [];
    throw new DatabaseNewerError(unknown);
  }
  if (pending.length > 0 && beforeSteps) await beforeSteps({ applied, pending });
  const migrator = migratorOf(db);
  const steps: MigrationStep[] = [];
  for (let left = pending.length; left > 0; left -= 1) {
    const started = performance.now();
    const { error, results } = await migrator.migrateUp();
    const ran = results?.find((result) => result.status === 'Success');
    if (error) {
      const failed = results?.find((result) => result.status === 'Error');
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
    }
    if (!ran) break;
    const step = { name: ran.migrationName, ms: Math.round(performance.now() - started) };
    steps.push(step);
    onStep(step);
  }
  // Kept after every upgrade, so that the release before can tell whether it runs here.
  const floor = schemaFloor((await migrationStatus(db)).applied);
  if (floor && pending.length > 0) {
    await sql`insert into schema_readers (id, oldest) values (1, ${floor})
      on conflict (id) do update set oldest = excluded.oldest`.execute(db);
  }
  return steps;
}
