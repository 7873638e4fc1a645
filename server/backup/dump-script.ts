import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/*
 * The SQL that `pg_restore -f -` makes of an academy's dump, let through statement by statement
 * only when it is a statement pg_dump writes for what the migrations make: settings, tables,
 * sequences, defaults, constraints, indexes and their rows. A dump is a file from outside (a
 * download, a bucket, a colleague's USB stick); its entries' text reaches psql as it is, so
 * anything else (a function, a trigger, a view, a rule, a policy, a grant, a role change, a
 * transaction's end, a psql command, a DO block, an object in another schema) is refused before
 * it reaches the database, and the restore's transaction never commits.
 */

/** A statement the restore does not run: what it is, for the refusal to name. */
export class DumpStatementError extends Error {
  constructor(readonly statement: string) {
    super(`refused statement: ${statement}`);
    this.name = 'DumpStatementError';
  }
}

/** Settings pg_dump writes at the top of its script, and nothing else. */
const SETTINGS = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'transaction_timeout',
  'client_encoding',
  'standard_conforming_strings',
  'check_function_bodies',
  'xmloption',
  'client_min_messages',
  'row_security',
  'default_tablespace',
  'default_table_access_method',
  'default_with_oids',
]);

/** Statements pg_dump writes that the restore leaves out: the extension is made beforehand. */
const SKIPPED = [
  /^CREATE EXTENSION IF NOT EXISTS [a-z_]+ WITH SCHEMA \S+$/,
  /^COMMENT ON EXTENSION /,
];

interface Lexed {
  /** The statement with every string literal as '' and whitespace collapsed. */
  shape: string;
  literals: string[];
}

/**
 * Splits one statement's text into its shape and its literals, or null when it uses anything
 * pg_dump does not write for an academy: dollar quoting, escape strings, backslashes or block
 * comments outside a literal.
 */
function lex(text: string): Lexed | null {
  let shape = '';
  const literals: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "'") {
      if (/[A-Za-z0-9_]$/.test(shape) && /[eEuUbBxXnN]$/.test(shape)) return null;
      let value = '';
      for (i++; i < text.length; i++) {
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i++;
            continue;
          }
          break;
        }
        value += text[i];
      }
      if (i >= text.length) return null;
      literals.push(value);
      shape += "''";
      continue;
    }
    if (char === '"') {
      let name = '"';
      for (i++; i < text.length; i++) {
        name += text[i];
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            name += '"';
            i++;
            continue;
          }
          break;
        }
      }
      if (i >= text.length) return null;
      shape += name;
      continue;
    }
    if (char === '$' || char === '\\' || (char === '/' && text[i + 1] === '*')) return null;
    if (char === '-' && text[i + 1] === '-') {
      while (i < text.length && text[i] !== '\n') i++;
      shape += ' ';
      continue;
    }
    shape += /\s/.test(char) ? ' ' : char;
  }
  return { shape: shape.replace(/ +/g, ' ').trim(), literals };
}

/** Whether a qualified name (`public.people`, `"public"."rateLimit"`) is in `schema`. */
function inSchema(name: string, schema: string): boolean {
  const quoted = `"${schema.replaceAll('"', '""')}".`;
  return name.startsWith(`${schema}.`) || name.startsWith(quoted);
}

const NAME = String.raw`((?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)\.(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*))`;

/**
 * What becomes of one whole statement (without its `;`): 'run' it, 'skip' it, or enter a COPY's
 * rows; anything else throws DumpStatementError.
 */
export function judgeStatement(text: string, schema: string): 'run' | 'skip' | 'copy' {
  const lexed = lex(text);
  const refuse = () => new DumpStatementError(text.trim().slice(0, 200));
  if (!lexed) throw refuse();
  const { shape, literals } = lexed;
  if (shape === '') return 'skip';
  if (shape.includes(';')) throw refuse();
  if (SKIPPED.some((pattern) => pattern.test(shape))) return 'skip';
  const setting = /^SET ([a-z_]+) = (?:''|[A-Za-z0-9_]+)$/.exec(shape);
  if (setting) {
    if (!SETTINGS.has(setting[1]!)) throw refuse();
    if (setting[1] === 'standard_conforming_strings' && !shape.endsWith('= on')) throw refuse();
    return 'run';
  }
  if (shape === "SELECT pg_catalog.set_config('', '', false)") {
    if (literals[0] !== 'search_path' || literals[1] !== '') throw refuse();
    return 'run';
  }
  const setval = /^SELECT pg_catalog\.setval\('', \d+, (?:true|false)\)$/.test(shape);
  if (setval) {
    if (!inSchema(literals[0] ?? '', schema)) throw refuse();
    return 'run';
  }
  const target = (pattern: string) => {
    const match = new RegExp(pattern).exec(shape);
    if (!match) return false;
    if (!inSchema(match[1]!, schema)) throw refuse();
    return true;
  };
  if (target(String.raw`^COPY ${NAME} \([^()]*\) FROM stdin$`)) return 'copy';
  if (/\bAS (?:SELECT|VALUES|TABLE|EXECUTE|WITH)\b/i.test(shape)) throw refuse();
  const creates =
    target(String.raw`^CREATE (?:UNLOGGED )?TABLE ${NAME} \(`) ||
    target(String.raw`^CREATE SEQUENCE ${NAME}(?: |$)`) ||
    target(String.raw`^ALTER SEQUENCE ${NAME} OWNED BY `) ||
    target(
      String.raw`^ALTER TABLE (?:ONLY )?${NAME} (?:ALTER COLUMN \S+ (?:SET DEFAULT|ADD GENERATED) |ADD CONSTRAINT )`,
    ) ||
    target(String.raw`^CREATE (?:UNIQUE )?INDEX \S+ ON (?:ONLY )?${NAME} USING `);
  if (creates) return 'run';
  throw refuse();
}

/**
 * The filter between `pg_restore -f -` and psql: whole statements, checked, then passed on;
 * a COPY's rows passed through to their end marker; comments dropped; pg_dump's `\restrict`
 * guard kept, with its key. The first statement refused fails the stream.
 */
export function checkedDumpScript(schema: string): Transform {
  let pending = '';
  let statement = '';
  let copying = false;
  let restrictKey: string | undefined;
  let quote: "'" | '"' | null = null;
  const decoder = new StringDecoder('utf8');

  const onLine = (line: string, push: (text: string) => void) => {
    if (copying) {
      push(`${line}\n`);
      if (line === '\\.') copying = false;
      return;
    }
    if (statement === '') {
      const restrict = /^\\(restrict|unrestrict) ([A-Za-z0-9]+)$/.exec(line);
      if (restrict) {
        if (restrict[1] === 'restrict' && restrictKey === undefined) restrictKey = restrict[2];
        else if (restrict[1] !== 'unrestrict' || restrict[2] !== restrictKey) {
          throw new DumpStatementError(line);
        }
        push(`${line}\n`);
        return;
      }
      if (/^\s*(--.*)?$/.test(line)) return;
    }
    statement += `${line}\n`;
    // Where the line leaves the statement: inside a literal, or at its end.
    let end = -1;
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      if (quote) {
        if (char === quote) {
          if (line[i + 1] === quote) i++;
          else quote = null;
        }
        continue;
      }
      if (char === "'" || char === '"') quote = char;
      else if (char === '-' && line[i + 1] === '-') break;
      else if (char === ';') {
        end = i;
        break;
      }
    }
    if (end < 0) return;
    const rest = line.slice(end + 1);
    if (!/^\s*(--.*)?$/.test(rest)) throw new DumpStatementError(line);
    const whole = statement.slice(0, statement.length - line.length - 1) + line.slice(0, end);
    statement = '';
    const verdict = judgeStatement(whole, schema);
    if (verdict === 'skip') return;
    push(`${whole};\n`);
    if (verdict === 'copy') copying = true;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += decoder.write(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      try {
        const out: string[] = [];
        for (const line of lines) onLine(line, (text) => out.push(text));
        callback(null, out.join(''));
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        const out: string[] = [];
        pending += decoder.end();
        if (pending !== '') onLine(pending, (text) => out.push(text));
        if (statement.trim() !== '' || copying) throw new DumpStatementError(statement || 'COPY');
        callback(null, out.join(''));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
