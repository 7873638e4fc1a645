import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      // The data folder's disk: ok, or low on a small test disk; full is for full-disk.process.
      disk: expect.stringMatching(/^(ok|low)$/),
      startedAt: expect.any(Number),
    });
    // The process's own start, which an upgrade reads to tell a steady server from one that
    // is started again and again: the same on every answer of one process.
    const startedAt = Date.now() - process.uptime() * 1000;
    expect(Math.abs(response.json().startedAt - startedAt)).toBeLessThan(1000);
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.json().startedAt).toBe(response.json().startedAt);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with a reason when the database cannot be reached', async () => {
    const lost = await buildTestApp();
    // The database goes away under a running server.
    await lost.database.close();
    const response = await lost.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      db: testDatabaseKind(),
      version: '0.0.0-test',
      disk: expect.stringMatching(/^(ok|low)$/),
      reason: 'database unreachable',
    });
    await lost.app.close();
  });
});
