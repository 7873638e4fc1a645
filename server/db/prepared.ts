import type { Compilable, CompiledQuery } from 'kysely';
import { databaseKindOf } from './dialect.ts';
import type { Db } from './schema.ts';

/**
 * Begins the SQL of every prepared query: PostgreSQL connections prepare these statements once
 * and reuse their plan (db/database.ts); SQLite reuses every statement anyway.
 */
export const PREPARED_MARK = '/* prepared */ ';

/** Where a value goes: its path in the values object. */
type Path = readonly string[];

/**
 * A stand-in for one value while a prepared query is built. Kysely passes it through to the
 * compiled parameters untouched; any other use (text built from it, arithmetic) throws, so a
 * builder that would bake a value into the SQL fails at once instead of reusing it for the next.
 */
class StandIn {
  constructor(readonly path: Path) {}
  [Symbol.toPrimitive](): never {
    throw new Error(
      `prepared query: the value at ${this.path.join('.')} was used while building the query; pass it to Kysely as a value, or list it as part of the shape`,
    );
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The shape of `values` (which keys are present, at every depth, and the values named as part
 * of the SQL); with `standIns`, also the same object with a stand-in for every other value, which
 * only building the query needs (not every call).
 */
function shapeOf(
  values: Record<string, unknown>,
  inSql: ReadonlySet<string>,
  standIns?: { object: Record<string, unknown>; created: StandIn[] },
  prefix = '',
): string {
  const parts: string[] = [];
  for (const key of Object.keys(values).sort()) {
    const value = values[key];
    const name = `${prefix}${key}`;
    if (value === undefined || value === null) {
      parts.push(`${key}:${value}`);
      if (standIns) standIns.object[key] = value;
    } else if (inSql.has(name)) {
      parts.push(`${key}=${JSON.stringify(value)}`);
      if (standIns) standIns.object[key] = value;
    } else if (isPlainObject(value)) {
      const inner = standIns && { object: {}, created: standIns.created };
      parts.push(`${key}{${shapeOf(value, inSql, inner, `${name}.`)}}`);
      if (standIns && inner) standIns.object[key] = inner.object;
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      parts.push(key);
      if (standIns) {
        const standIn = new StandIn(name.split('.'));
        standIns.created.push(standIn);
        standIns.object[key] = standIn;
      }
    } else {
      throw new Error(`prepared query: ${name} must be a string, number, boolean or plain object`);
    }
  }
  return parts.join(',');
}

function valueAt(values: Record<string, unknown>, path: Path): unknown {
  let value: unknown = values;
  for (const key of path) value = (value as Record<string, unknown>)[key];
  return value;
}

/**
 * A query that Kysely builds and compiles once per shape, then runs with each call's values,
 * and that PostgreSQL plans once per connection: for the queries made on every request, whose
 * best plan does not depend on their values. (Kysely builds and compiles a query on every call,
 * which for the feed's query costs a large part of running it; server/db/README.md.)
 *
 * The builder gets stand-ins for the values and may only hand them to Kysely (as values in
 * `where`, `sql` templates, …): it may branch on whether an optional value is present, which is
 * part of the shape, but not on what a value is, except for the keys named in `inSql` (written
 * into the SQL, such as a page size; every value of those gets its own SQL).
 */
export function preparedQuery<Values extends object, Row>(
  build: (db: Db, values: Values) => Compilable<Row>,
  options: { inSql?: readonly string[] } = {},
): (db: Db, values: Values) => Promise<Row[]> {
  const inSql = new Set(options.inSql);
  const compiled = new Map<string, { query: CompiledQuery<Row>; paths: Array<Path | null> }>();
  return async (db, values) => {
    const record = values as Record<string, unknown>;
    // The SQL differs between engines (one process may hold both in tests).
    const key = `${databaseKindOf(db)}|${shapeOf(record, inSql)}`;
    let entry = compiled.get(key);
    if (!entry) {
      const standIns = { object: {}, created: [] as StandIn[] };
      shapeOf(record, inSql, standIns);
      const query = build(db, standIns.object as Values).compile();
      // A value the builder looked at instead of passing on (say `kind === 'general'`) would
      // be fixed in this SQL for every later call.
      const unused = standIns.created.filter((standIn) => !query.parameters.includes(standIn));
      if (unused.length > 0) {
        throw new Error(
          `prepared query: ${unused.map((standIn) => standIn.path.join('.')).join(', ')} never reached the SQL; pass each value to Kysely, or list it as part of the shape`,
        );
      }
      const paths = query.parameters.map((parameter) =>
        parameter instanceof StandIn ? parameter.path : null,
      );
      entry = { query: { ...query, sql: `${PREPARED_MARK}${query.sql}` }, paths };
      compiled.set(key, entry);
    }
    const { query, paths } = entry;
    const parameters = query.parameters.map((constant, index) => {
      const path = paths[index];
      return path ? valueAt(record, path) : constant;
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
