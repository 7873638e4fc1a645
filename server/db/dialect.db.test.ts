import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { databaseKindOf } from './dialect.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe(`which engine a Kysely instance talks to, on ${testDatabaseKind()}`, () => {
  it("reads it from Kysely's public compile, for the pool, a transaction and a connection", async () => {
    expect(databaseKindOf(database.db)).toBe(testDatabaseKind());
    await database.db
      .transaction()
      .execute(async (trx) => expect(databaseKindOf(trx)).toBe(testDatabaseKind()));
    await database.db
      .connection()
      .execute(async (connection) => expect(databaseKindOf(connection)).toBe(testDatabaseKind()));
  });
});
