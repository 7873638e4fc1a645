import path from 'node:path';
import { z } from 'zod';
import { isSupported, unsupportedMessage } from '../scripts/node-support.mjs';
import { appRoot } from './lib/app-root.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ message: `expected a URL such as ${example}` })
      .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
        message: `expected a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      // "postgresql:/u:p@h/db" parses as a URL with no host: it names no server.
      .refine((value) => URL.parse(value)?.host !== '', {
        message: `expected a URL naming its server, such as ${example}`,
      })
      .optional(),
  );

const EnvSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected a port number from 0 to 65535' })
      .int('expected a whole port number')
      .min(0, 'expected a port number from 0 to 65535')
      .max(65535, 'expected a port number from 0 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  WEB_ROOT: z.preprocess(emptyToUndefined, z.string().optional()),
  DATABASE_URL: optionalUrl(
    ['postgres', 'postgresql'],
    'postgres://user:pass@localhost:5432/academy',
  ),
  PUBLIC_URL: optionalUrl(['http', 'https'], 'https://academy.example.vn'),
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'smtp://user:pass@mail.example.vn:587'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Học viện <no-reply@localhost>')),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_ISSUER: z.preprocess(
    emptyToUndefined,
    z
      .url({ message: 'expected the issuer URL, e.g. https://accounts.google.com' })
      .default('https://accounts.google.com'),
  ),
  // How many proxies in front of the server append to X-Forwarded-For (true means one), or the
  // proxies' own addresses: Fastify then takes the client address from the right end of the
  // header, never from what the client wrote at its left.
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('false')
      .refine(
        (value) =>
          /^(true|false|[1-9]|[a-f0-9]*[.:][a-f0-9.:/]*(,\s*[a-f0-9]*[.:][a-f0-9.:/]*)*)$/i.test(
            value,
          ),
        {
          message:
            "expected false, true (one proxy), the number of proxies (1–9) or the proxies' addresses separated by commas",
        },
      )
      .transform((value): false | number | string => {
        if (value === 'false') return false;
        if (value === 'true') return 1;
        return /^[1-9]$/.test(value) ? Number(value) : value.replace(/\s+/g, '');
      }),
  ),
  PUSH_EXTRA_SERVICES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?(,[a-z0-9.-]+(:\d+)?)*$/i, {
        message: 'expected push service hosts separated by commas, e.g. push.example.vn:8443',
      })
      .optional(),
  ),
  BACKUP_SCHEDULE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('03:00')
      .refine((value) => value === 'off' || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value), {
        message:
          'expected off, or the time of day of the nightly backup as HH:MM (24-hour), e.g. 03:00',
      }),
  ),
  BACKUP_KEEP: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected how many backups to keep, from 1 to 1000' })
      .int('expected a whole number of backups')
      .min(1, 'expected how many backups to keep, from 1 to 1000')
      .max(1000, 'expected how many backups to keep, from 1 to 1000')
      .default(7),
  ),
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  BACKUP_TO_BUCKET: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { message: 'expected true or false' }).default('false'),
  ),
  LOG_KEEP_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected how many days of error and activity logs to keep, 1 to 3650' })
      .int('expected a whole number of days')
      .min(1, 'expected how many days of error and activity logs to keep, 1 to 3650')
      .max(3650, 'expected how many days of error and activity logs to keep, 1 to 3650')
      .default(90),
  ),
  LOG_KEEP_ROWS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected how many rows of each log to keep, 100 to 10000000' })
      .int('expected a whole number of rows')
      .min(100, 'expected how many rows of each log to keep, 100 to 10000000')
      .max(10_000_000, 'expected how many rows of each log to keep, 100 to 10000000')
      .default(10_000),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(16, 'expected a secret of at least 16 characters, e.g. from openssl rand -hex 24')
      .optional(),
  ),
  // Metrics have a listener of their own, on the loopback by default: never the public port.
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected a port number from 1 to 65535' })
      .int('expected a whole port number')
      .min(0, 'expected a port number from 1 to 65535')
      .max(65535, 'expected a port number from 1 to 65535')
      .default(9464),
  ),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  MEDIA_STORE: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 's3'], { message: 'expected local (DATA_DIR/media) or s3' }).default('local'),
  ),
  S3_ENDPOINT: optionalUrl(['http', 'https'], 'https://s3.example.vn'),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: 'expected a bucket name of 3 to 63 lowercase letters, digits, dots and dashes',
      })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { message: 'expected true or false' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

/** An S3-compatible bucket for photos (MEDIA_STORE=s3). */
export interface S3StoreConfig {
  kind: 's3';
  /** Unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (most self-hosted servers) rather than in the host name. */
  forcePathStyle: boolean;
}

export type MediaStoreConfig = { kind: 'local'; dir: string } | S3StoreConfig;

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The built web app served at `/` (a deployment may keep each build in its own folder). */
  webRoot: string;
  database: DatabaseConfig;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** false, a number of proxy hops, or the proxies' addresses (comma-separated). */
  trustProxy: false | number | string;
  logLevel: string;
  /**
   * Push services accepted besides the browsers' own (a self-hosted one, or the tests' stand-in),
   * as `host[:port]`; still https only.
   */
  pushExtraServices: string[];
  /** Backups into a folder: nightly at `at` (server time; null: off), the newest `keep` kept. */
  backup: {
    at: { hours: number; minutes: number; seconds: number } | null;
    keep: number;
    dir: string;
    /** The bucket each backup is also copied into (BACKUP_TO_BUCKET), the newest `keep` kept. */
    bucket: S3StoreConfig | undefined;
  };
  /** The error and activity logs keep rows younger than `days`, at most `rows` of each. */
  logs: { keepDays: number; keepRows: number };
  /** The bearer token that reads /metrics; unset, /metrics is not served. */
  metricsToken: string | undefined;
  /** Where /metrics listens: its own port, on the loopback unless told otherwise. */
  metricsListen: { port: number; host: string };
  /** Where photos are kept (docs/decisions/0019). */
  media: MediaStoreConfig;
}

/** A configuration mistake: its message is one line naming the variable and what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /** Each problem on its own line (the message joins them). */
  readonly problems: string[];
  /** The variables the problems are about, for doctor to check the rest without them. */
  readonly variables: string[];
  constructor(message: string, problems: string[] = [message], variables: string[] = []) {
    super(message);
    this.problems = problems;
    this.variables = variables;
  }
}

function backupTime(schedule: string) {
  if (schedule === 'off') return null;
  const [hours = 0, minutes = 0, seconds = 0] = schedule.split(':').map(Number);
  return { hours, minutes, seconds };
}

/**
 * Why this Node.js cannot run an academy, or null (docs/decisions/0016): on the lines before 22
 * the SQLite driver (better-sqlite3 13, a Node-API build) crashes the process as it loads, and
 * their support has ended. `npm start` and the command line ask the same before loading the
 * server; this is for the server started another way, and for doctor.
 */
export function runtimeProblem(version = process.versions.node): string | null {
  return isSupported(version) ? null : unsupportedMessage(version);
}

/**
 * Every problem of the configuration, one line each, naming the variable and what is expected:
 * the start says them all at once (and stops), as doctor does.
 */
function configProblems(env: NodeJS.ProcessEnv): { problems: string[]; variables: string[] } {
  const parsed = EnvSchema.safeParse(env);
  // One line a variable: its first issue says what is expected.
  const byVariable = new Map<string, string>();
  const together: string[] = [];
  for (const issue of parsed.error?.issues ?? []) {
    const variable = String(issue.path[0] ?? 'environment');
    if (byVariable.has(variable)) continue;
    byVariable.set(
      variable,
      `Invalid configuration: ${variable}=${JSON.stringify(env[variable] ?? '')}: ${issue.message}.`,
    );
  }
  const problems = [...byVariable.values()];
  const variables = [...byVariable.keys()];
  // How variables go together is judged once each of them is right.
  if (!parsed.success) return { problems, variables };
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push(
      'Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.',
    );
    together.push('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  }
  for (const [asking, when] of [
    ['MEDIA_STORE', parsed.data.MEDIA_STORE === 's3' ? 'MEDIA_STORE=s3' : undefined],
    [
      'BACKUP_TO_BUCKET',
      parsed.data.BACKUP_TO_BUCKET === 'true' ? 'BACKUP_TO_BUCKET=true' : undefined,
    ],
  ] as const) {
    if (!when) continue;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!parsed.data[name]) {
        problems.push(`Invalid configuration: ${name} must be set when ${when}.`);
        together.push(asking, name);
      }
    }
  }
  if (env.SMTP_URL && !env.PUBLIC_URL) {
    // Links in e-mails must not be built from a request's Host header, which a caller controls.
    problems.push(
      'Invalid configuration: PUBLIC_URL must be set when SMTP_URL is, so that e-mailed links point at this app.',
    );
    together.push('SMTP_URL');
  }
  return { problems, variables: [...new Set([...variables, ...together])] };
}

/** Reads and checks the configuration from environment variables. Throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const { problems, variables } = configProblems(env);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'), problems, variables);
  const e = EnvSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const bucket: S3StoreConfig = {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET ?? '',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    // A self-hosted server (an endpoint given) rarely has a host name per bucket.
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? e.S3_FORCE_PATH_STYLE === 'true'
      : e.S3_ENDPOINT !== undefined,
  };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    webRoot: e.WEB_ROOT ? path.resolve(e.WEB_ROOT) : path.join(appRoot, 'dist/web'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'academy.sqlite') },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER,
          }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    pushExtraServices: e.PUSH_EXTRA_SERVICES?.toLowerCase().split(',') ?? [],
    backup: {
      at: backupTime(e.BACKUP_SCHEDULE),
      keep: e.BACKUP_KEEP,
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      bucket: e.BACKUP_TO_BUCKET === 'true' ? bucket : undefined,
    },
    logs: { keepDays: e.LOG_KEEP_DAYS, keepRows: e.LOG_KEEP_ROWS },
    metricsToken: e.METRICS_TOKEN,
    metricsListen: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    media: e.MEDIA_STORE === 's3' ? bucket : { kind: 'local', dir: path.join(dataDir, 'media') },
  };
}
