import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { member, registerAudiences } from './access.ts';

describe('the edge that admits who is asking', () => {
  it('refuses to start with an API route that declares no audience', async () => {
    const app = Fastify({ logger: false });
    registerAudiences(app);
    const register = async () => {
      app.get('/api/forgotten', async () => ({ ok: true }));
      await app.ready();
    };
    await expect(register()).rejects.toThrow('GET /api/forgotten declares no audience');
    await app.close().catch(() => undefined);
  });

  it('lets the API document and pages outside /api through without one', async () => {
    const app = Fastify({ logger: false });
    registerAudiences(app);
    app.get('/api/docs/json', async () => ({}));
    app.get('/', async () => 'page');
    await app.ready();
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    await app.close();
  });

  it('fails loudly when a public route reads a viewer the edge never admitted', async () => {
    const app = Fastify({ logger: false });
    registerAudiences(app);
    let thrown: unknown;
    app.get('/api/open', { config: { audience: 'public' } }, async (request) => {
      try {
        member(request);
      } catch (error) {
        thrown = error;
      }
      return { ok: true };
    });
    await app.ready();
    expect((await app.inject({ url: '/api/open' })).statusCode).toBe(200);
    expect(String(thrown)).toContain('its route resolves no viewer');
    await app.close();
  });
});
