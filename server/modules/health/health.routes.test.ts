import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok with the engine and version after checking the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: testDatabaseKind(),
      version: '0.0.0-test',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with a reason when the database cannot be reached', async () => {
    // A PostgreSQL server that is not there: nothing listens on port 1.
    const database = openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database,
      version: 'x',
      logger: false,
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      db: 'postgres',
      version: 'x',
      reason: 'database unreachable',
    });
    await app.close();
    await database.close();
  });
});
