import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { checkedDumpScript, DumpStatementError, judgeStatement } from './dump-script.ts';

/** What pg_restore -f - writes for an academy's dump, in short. */
const script = [
  '--',
  '-- PostgreSQL database dump',
  '--',
  '\\restrict abc123',
  "SET client_encoding = 'UTF8';",
  'SET standard_conforming_strings = on;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;',
  "COMMENT ON EXTENSION pg_trgm IS 'text similarity; it''s trigrams';",
  'CREATE TABLE public.people (',
  '    id text NOT NULL,',
  "    role text DEFAULT 'student'::text NOT NULL",
  ');',
  'CREATE SEQUENCE public.logs_id_seq',
  '    START WITH 1',
  '    CACHE 1;',
  'ALTER SEQUENCE public.logs_id_seq OWNED BY public.logs.id;',
  "ALTER TABLE ONLY public.logs ALTER COLUMN id SET DEFAULT nextval('public.logs_id_seq'::regclass);",
  'COPY public.people (id, role) FROM stdin;',
  'a1\tstudent',
  'COMMIT; DROP TABLE people;\tadmin',
  '\\.',
  "SELECT pg_catalog.setval('public.logs_id_seq', 12, true);",
  'ALTER TABLE ONLY public.people',
  '    ADD CONSTRAINT people_pkey PRIMARY KEY (id);',
  'CREATE INDEX people_name ON public.people USING gin (name public.gin_trgm_ops);',
  '\\unrestrict abc123',
  '',
].join('\n');

async function filtered(input: string, chunk = 7): Promise<string> {
  const pieces: Buffer[] = [];
  const bytes = Buffer.from(input);
  for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
  return text(Readable.from(pieces).pipe(checkedDumpScript('public')));
}

describe('the statements of a dump that reach psql', () => {
  it('lets pg_dump’s own statements through, rows as they are, in chunks of any size', async () => {
    const out = await filtered(script);
    expect(out).toContain('CREATE TABLE public.people (');
    expect(out).toContain('COMMIT; DROP TABLE people;\tadmin\n\\.\n');
    expect(out).toContain("SELECT pg_catalog.setval('public.logs_id_seq', 12, true);");
    expect(out).toContain('\\unrestrict abc123');
    // The extension is made beforehand; its comment needs its owner.
    expect(out).not.toContain('CREATE EXTENSION');
    expect(out).not.toContain('COMMENT ON');
    expect(await filtered(script, 1)).toBe(out);
  });

  it.each([
    ['a transaction’s end', 'COMMIT'],
    ['a second statement after a table', 'CREATE TABLE public.x (a int); COMMIT'],
    ['a function', "CREATE FUNCTION public.f() RETURNS int LANGUAGE sql AS 'select 1'"],
    [
      'a trigger',
      'CREATE TRIGGER t BEFORE INSERT ON public.people FOR EACH ROW EXECUTE FUNCTION public.f()',
    ],
    ['a view', 'CREATE VIEW public.v AS SELECT 1'],
    ['a table made from a query', 'CREATE TABLE public.x AS SELECT * FROM public.people'],
    ['a rule', 'CREATE RULE r AS ON INSERT TO public.people DO INSTEAD NOTHING'],
    ['a policy', 'CREATE POLICY p ON public.people USING (true)'],
    ['a grant', 'GRANT ALL ON public.people TO PUBLIC'],
    ['a role change', 'SET ROLE postgres'],
    ['a session’s authorisation', "SET SESSION AUTHORIZATION 'postgres'"],
    ['an unknown setting', 'SET search_path = evil'],
    ['a DO block', 'DO $$ begin perform 1; end $$'],
    ['an escape string', "CREATE TABLE public.x (a text DEFAULT E'\\'')"],
    ['a table in another schema', 'CREATE TABLE other.x (a int)'],
    ['an index on another schema', 'CREATE INDEX i ON other.people USING btree (id)'],
    ['a copy from a program', "COPY public.people (id) FROM PROGRAM 'rm -rf /'"],
    ['a sequence set in another schema', "SELECT pg_catalog.setval('other.s', 1, true)"],
    ['a call of another function', 'SELECT pg_terminate_backend(1)'],
    ['a block comment', 'CREATE TABLE public.x (a int /* ; */)'],
    [
      'an ALTER that is not a key or a default',
      'ALTER TABLE ONLY public.people ENABLE ROW LEVEL SECURITY',
    ],
  ])('refuses %s', (_what, statement) => {
    expect(() => judgeStatement(statement, 'public')).toThrow(DumpStatementError);
  });

  it('stops at a refused statement, and never passes a psql command on', async () => {
    const injected = script.replace(
      'CREATE SEQUENCE public.logs_id_seq',
      'CREATE TABLE public.x (a int);\n\\! touch /tmp/owned\nCREATE SEQUENCE public.logs_id_seq',
    );
    await expect(filtered(injected)).rejects.toBeInstanceOf(DumpStatementError);
    const unrestrictOther = script.replace('\\unrestrict abc123', '\\unrestrict zzz');
    await expect(filtered(unrestrictOther)).rejects.toBeInstanceOf(DumpStatementError);
    // A statement left open at the end never reaches psql.
    await expect(filtered('CREATE TABLE public.x (\n  a int')).rejects.toBeInstanceOf(
      DumpStatementError,
    );
    await expect(filtered('COPY public.people (id) FROM stdin;\na1\n')).rejects.toBeInstanceOf(
      DumpStatementError,
    );
  });
});
