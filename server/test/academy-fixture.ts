import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { createPostgresDatabase, testDatabaseKind } from './test-database.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');

/**
 * An academy as release `version` left it (`fixtures/README.md` says how each was made), in
 * `dataDir` on SQLite or, on PostgreSQL, in a new database named after `name`: what a server's
 * environment needs to open it, and how to remove the database after.
 */
export async function academyFixture(
  version: string,
  dataDir: string,
  name: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const fixture = (kind: string) =>
    zlib.gunzipSync(fs.readFileSync(path.join(fixtures, `academy-${version}.${kind}`)));
  if (testDatabaseKind() !== 'postgres') {
    fs.writeFileSync(path.join(dataDir, 'academy.sqlite'), fixture('sqlite.gz'));
    return { env: {}, drop: async () => {} };
  }
  const created = await createPostgresDatabase(
    process.env.TEST_DATABASE_URL!,
    `${name}_${version.replaceAll('.', '_')}`,
  );
  // The dump sets its session's search path: it gets a connection of its own.
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  try {
    // psql's own commands (`\restrict`) are for psql; the SQL is the rest.
    await client.query(
      fixture('postgres.sql.gz')
        .toString()
        .replace(/^\\.*$/gm, ''),
    );
  } finally {
    await client.end();
  }
  return { env: { DATABASE_URL: created.url }, drop: created.drop };
}
