import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const Person = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  nickname: z.string().optional(),
});
const Page = z.object({
  people: z.array(Person),
  author: Person.nullable(),
  viewer: z.discriminatedUnion('state', [
    z.object({ state: z.literal('anonymous') }),
    z.object({ state: z.literal('member'), person: Person }),
  ]),
  counts: z.record(z.string(), z.number().int()),
  kind: z.enum(['evaluation', 'general']),
  rating: z.number().int().min(0).max(10).nullable(),
  nextCursor: z.string().nullable(),
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A Fastify app as the server builds it, with one route answering whatever the test gives. */
async function appAnswering(answer: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/page', { schema: { response: { 200: Page } } }, async () => answer as never);
  await app.ready();
  return app;
}

const page = {
  people: [
    { id: 'a', name: 'Nguyễn Thị "Mai" </script>\u2028', avatarUrl: null },
    { id: 'b', name: 'Đặng Văn Bình', avatarUrl: '/api/avatars/b.svg', nickname: 'Bình' },
  ],
  author: { id: 'c', name: 'Trần Thu Hà', avatarUrl: null },
  viewer: { state: 'member', person: { id: 'c', name: 'Trần Thu Hà', avatarUrl: null } },
  counts: { likes: 3, comments: 0 },
  kind: 'evaluation',
  rating: 0,
  nextCursor: null,
};

describe('answers written from the route’s response schema', () => {
  it('writes the answer exactly as JSON would, nulls, zeros and Vietnamese text included', async () => {
    const app = await appAnswering(page);
    const response = await app.inject('/page');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(page);
    expect(response.body).toBe(JSON.stringify(page));
  });

  it('leaves out every field the schema does not name: in lists, nullable objects and unions too', async () => {
    const row = { ...page.people[0], email: 'mai@example.vn', passwordHash: 'secret' };
    const app = await appAnswering({
      ...page,
      people: [row],
      author: row,
      viewer: { state: 'member', person: row, sessionToken: 'token' },
      sessionToken: 'token',
    });
    const response = await app.inject('/page');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/secret|token|mai@example/);
    expect(response.json()).toEqual({
      ...page,
      people: [page.people[0]],
      author: page.people[0],
      viewer: { state: 'member', person: page.people[0] },
    });
  });

  it('fails the answer (500) when a required field is missing, rather than send half of it', async () => {
    const { nextCursor: _dropped, ...withoutCursor } = page;
    const app = await appAnswering({ ...withoutCursor, people: [{ id: 'a', name: 'Mai' }] });
    const response = await app.inject('/page');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Mai');
  });
});
