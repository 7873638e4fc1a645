import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listLatestErrorLogs } from '../error-logs/error-logs.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/client-errors', () => {
  it('writes the report to the error log', async () => {
    const response = await post({
      context: 'route: render',
      message: 'TypeError: x is undefined',
      extra: { url: 'http://localhost/#/activity' },
    });
    expect(response.statusCode).toBe(202);
    const [entry] = await listLatestErrorLogs(t.database.db, 100);
    expect(entry).toMatchObject({
      context: 'client: route: render',
      message: 'TypeError: x is undefined',
      user_id: null,
    });
    expect(JSON.parse(entry!.extra!)).toMatchObject({ url: 'http://localhost/#/activity' });
  });

  it.each([
    ['a missing field', { context: 'x' }],
    ['an extra field', { context: 'x', message: 'y', role: 'admin' }],
    ['a wrong type', { context: 1, message: 'y' }],
    ['an empty message', { context: 'x', message: '   ' }],
    ['an over-long message', { context: 'x', message: 'y'.repeat(2001) }],
  ])('refuses %s with the error shape', async (_, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toBe('Dữ liệu không hợp lệ.');
    expect(body.error.details.length).toBeGreaterThan(0);
    expect(body.error.requestId).toMatch(/^req-/);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await post('{"context": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'malformed_json',
      message: 'Dữ liệu gửi lên không đúng định dạng JSON.',
    });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await post('context=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('unsupported_media_type');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post({
      context: 'x',
      message: 'y',
      extra: { blob: 'z'.repeat(20_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('refuses extra data over its own limit with 413', async () => {
    const response = await post({ context: 'x', message: 'y', extra: { blob: 'z'.repeat(9_000) } });
    expect(response.statusCode).toBe(413);
  });

  it('limits how often one address may report', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      statuses.push((await post({ context: 'burst', message: `n${i}` })).statusCode);
    }
    expect(statuses).toContain(429);
    const limited = await post({ context: 'burst', message: 'again' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Bạn thao tác quá nhanh. Vui lòng thử lại sau ít phút.',
    });
  });
});
