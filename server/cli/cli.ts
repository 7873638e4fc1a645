import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { errorMessage } from '#shared/errors';
import { formatBytes } from '#shared/format';
import { vi } from '#shared/locales/vi';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import { isPhotoVariant, KEEP_BEFORE_RESTORE, restoreBackup } from '../backup/backup.ts';
import { openOffsiteBackups } from '../backup/offsite.ts';
import { restorePostgresBackup, restorePostgresDumpFile } from '../backup/postgres-restore.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import {
  type AppDatabase,
  migrateToLatest,
  migrationStatus,
  openDatabase,
} from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { appRoot } from '../lib/app-root.ts';
import { chargeMail, statusLabel } from '../modules/accounts/accounts.service.ts';
import { generateDemoData, wipeDemoData } from '../modules/admin/demo-data.service.ts';
import {
  BackupFolderError,
  backUpBeforeUpgrade,
  takeBackup,
} from '../modules/admin/maintenance.service.ts';
import {
  grantAdmin,
  listAcademyAdmins,
  RecoveryError,
  signOutEveryone,
} from '../modules/admin/recovery.service.ts';
import { createAuth } from '../modules/auth/auth.ts';
import { createVerifiedUser } from '../modules/auth/better-auth-internals.ts';
import { createMailer, type MailCharge, smtpProblem } from '../modules/auth/mailer.ts';
import { ensureConfigDefaults } from '../modules/config/config.repository.ts';
import { createMediaStore } from '../modules/media/create-media-store.ts';
import { copyMedia } from '../modules/media/media.migrate.ts';
import { readVersion } from '../version.ts';
import { runDoctor } from './doctor.ts';
import { EnvFileError, parseEnvironmentFile } from './env-file.ts';
import {
  defaultCurrentLink,
  defaultHealthUrl,
  type ReleaseOptions,
  rollbackRelease,
  upgradeRelease,
} from './release-upgrade.ts';

/** Where a command writes: the shell's standard output and error, or a test's lines. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

type Command = (args: string[], context: CliContext) => Promise<number>;

interface CliContext {
  env: NodeJS.ProcessEnv;
  io: CliOutput;
}

/** Fills a catalogue message. */
const say = fillPlaceholders;

const HELP_TOPICS: Record<string, string> = cli.help;

/**
 * `hoc-vien <command> …`: the jobs an operator does from a shell. Returns the exit code: 0 done,
 * 1 failed or found problems, 2 used wrongly.
 */
export async function runCli(argv: string[], givenEnv: NodeJS.ProcessEnv, io: CliOutput) {
  // `--env-file FILE` first: the service's own settings file, read as systemd reads it; what the
  // environment sets already (DATA_DIR=… on the command line) wins over the file.
  let env = givenEnv;
  let rest = argv;
  while (rest[0] === '--env-file' || rest[0]?.startsWith('--env-file=')) {
    const inline = rest[0].startsWith('--env-file=')
      ? rest[0].slice('--env-file='.length)
      : undefined;
    const file = inline ?? rest[1];
    rest = rest.slice(inline === undefined ? 2 : 1);
    if (!file) {
      io.err(say(cli.missingArgument, { what: 'FILE', command: '--env-file' }));
      return 2;
    }
    try {
      env = { ...parseEnvironmentFile(fs.readFileSync(file, 'utf8')), ...env };
    } catch (error) {
      io.err(
        error instanceof EnvFileError
          ? say(cli.envFile.badLine, { file, line: String(error.line) })
          : say(cli.envFile.unreadable, { file, reason: reasonOf(error) }),
      );
      return 1;
    }
  }
  const [name, ...args] = rest;
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(say(cli.version, { version: readVersion() }));
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(cli.usage);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(say(cli.unknownCommand, { command: name }));
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(HELP_TOPICS[name] ?? cli.usage);
    return 0;
  }
  try {
    return await command(args, { env, io });
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    io.err(
      error instanceof ConfigError || error instanceof RecoveryError
        ? error.message
        : say(cli.failed, { reason: reasonOf(error) }),
    );
    return 1;
  }
}

/** Where the academy's photos are, for a line that says a backup does not hold them. */
function photoPlace(config: Config): string {
  return config.media.kind === 'local'
    ? config.media.dir
    : `${config.media.bucket} (${config.media.endpoint ?? 'S3'})`;
}

/** Nothing of better-auth's or the mailer's own logging belongs in a command's output. */
const silentLog = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLog;
  },
} as unknown as FastifyBaseLogger;

function reasonOf(error: unknown): string {
  if (error instanceof AppError && error.code === 'backup_postgres') return cli.backup.postgres;
  if (error instanceof Error) return error.message;
  return String(error);
}

function options(args: string[], spec: Record<string, { type: 'string' | 'boolean' }>) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(say(cli.badOption, { reason: (error as Error).message }));
  }
}

class UsageError extends Error {}

/** The options `upgrade <artifact>` and `rollback` share: where the release runs, how it is checked. */
const RELEASE_OPTIONS = {
  current: { type: 'string' },
  service: { type: 'string' },
  'health-url': { type: 'string' },
  wait: { type: 'string' },
} as const;

function releaseOptions(
  values: Record<string, string | boolean | undefined>,
  config: Config,
  env: NodeJS.ProcessEnv,
  io: CliOutput,
): ReleaseOptions {
  const wait = Number(values.wait ?? 300);
  if (!Number.isInteger(wait) || wait < 1 || wait > 3600) throw new UsageError(cli.badWait);
  // The release this command runs from: bin/hoc-vien.mjs's folder's parent.
  const script = process.argv[1];
  const running = script ? path.dirname(path.dirname(fs.realpathSync(script))) : undefined;
  const service = typeof values.service === 'string' ? values.service : 'hoc-vien';
  return {
    current: path.resolve(
      typeof values.current === 'string' ? values.current : defaultCurrentLink(running),
    ),
    service,
    healthUrl:
      typeof values['health-url'] === 'string'
        ? values['health-url']
        : defaultHealthUrl(config, service),
    waitMs: wait * 1000,
    steadyMs: 5000,
    config,
    env,
    out: (line) => io.out(line),
    err: (line) => io.err(line),
  };
}

/** Opens the academy's database, brought up to date unless `migrate` is false. */
async function withDatabase<T>(
  config: Config,
  run: (database: AppDatabase) => Promise<T>,
  migrate = true,
): Promise<T> {
  const database = openDatabase(config.database);
  try {
    if (migrate) {
      await migrateToLatest(database.db);
      await ensureConfigDefaults(database.db, Date.now());
    }
    return await run(database);
  } finally {
    await database.close();
  }
}

const COMMANDS: Record<string, Command> = {
  /**
   * `hoc-vien --env-file FILE serve`: the server with the service's settings file, as systemd
   * starts it. A plain `hoc-vien serve` never gets here: the launcher starts the server before
   * this bundle loads. The server's start script reads its settings from this process and stays
   * until the server ends, so this command never returns.
   */
  async serve(_args, { env }) {
    Object.assign(process.env, env);
    await import(pathToFileURL(path.join(appRoot, 'scripts', 'start.mjs')).href);
    return new Promise<number>(() => {});
  },
  async media(args, { env, io }) {
    const { positionals, values } = options(args, { to: { type: 'string' } });
    if (positionals[0] !== 'migrate') {
      throw new UsageError(
        say(cli.unknownCommand, { command: `media ${positionals[0] ?? ''}`.trim() }),
      );
    }
    if (values.to !== 's3' && values.to !== 'local') {
      throw new UsageError(say(cli.missingArgument, { what: '--to s3|local', command: 'media' }));
    }
    const config = loadConfig(env);
    const local = await createMediaStore({
      kind: 'local',
      dir: path.join(config.dataDir, 'media'),
    });
    // The bucket is read from the S3_ variables whichever store the app uses now.
    const bucket = await createMediaStore(loadConfig({ ...env, MEDIA_STORE: 's3' }).media);
    const [from, to] = values.to === 's3' ? [local, bucket] : [bucket, local];
    let seen = 0;
    const result = await copyMedia(from, to, (name, outcome) => {
      seen += 1;
      if (outcome === 'failed') io.err(say(cli.media.failed, { name }));
      if (seen % 500 === 0) io.out(say(cli.media.progress, { count: String(seen) }));
    });
    io.out(
      say(cli.media.done, {
        copied: String(result.copied),
        already: String(result.alreadyThere),
        to: to.describe(),
      }),
    );
    if (result.failed.length === 0) return 0;
    io.err(say(cli.media.someFailed, { count: String(result.failed.length) }));
    return 1;
  },

  async doctor(_args, { env, io }) {
    const report = await runDoctor(env);
    for (const note of report.notes) io.out(`• ${note}`);
    if (report.problems.length === 0) {
      io.out(say(cli.doctor.ok, { checks: report.checked.join(', ') }));
      return 0;
    }
    for (const problem of report.problems) io.err(`✗ ${problem}`);
    io.err(say(cli.doctor.problems, { count: String(report.problems.length) }));
    return 1;
  },

  async migrate(args, { env, io }) {
    const { values } = options(args, { status: { type: 'boolean' }, json: { type: 'boolean' } });
    const config = loadConfig(env);
    return withDatabase(
      config,
      async (database) => {
        const before = await migrationStatus(database.db);
        if (values.status && values.json) {
          // For `hoc-vien upgrade <artifact>`, which asks the new release where the database is.
          io.out(JSON.stringify(before));
          return 0;
        }
        if (values.status) {
          for (const name of before.applied) io.out(say(cli.migrate.applied, { name }));
          for (const name of before.pending) io.out(say(cli.migrate.pending, { name }));
          if (before.unknown.length > 0 && before.runs) {
            io.out(say(cli.doctor.newerButRuns, { names: before.unknown.join(', ') }));
          } else if (before.unknown.length > 0) {
            io.err(say(cli.doctor.newer, { names: before.unknown.join(', ') }));
            return 1;
          }
          return 0;
        }
        await migrateToLatest(database.db);
        await ensureConfigDefaults(database.db, Date.now());
        io.out(
          before.pending.length === 0
            ? say(cli.migrate.upToDate, { count: String(before.applied.length) })
            : say(cli.migrate.done, { names: before.pending.join(', ') }),
        );
        return 0;
      },
      false,
    );
  },

  async upgrade(args, { env, io }) {
    const { values, positionals } = options(args, {
      'no-backup': { type: 'boolean' },
      ...RELEASE_OPTIONS,
    });
    const config = loadConfig(env);
    if (positionals[0]) {
      return upgradeRelease(positionals[0], releaseOptions(values, config, env, io));
    }
    return withDatabase(
      config,
      async (database) => {
        const before = await migrationStatus(database.db);
        if (before.unknown.length > 0 && before.runs) {
          io.out(say(cli.doctor.newerButRuns, { names: before.unknown.join(', ') }));
          return 0;
        }
        if (before.unknown.length > 0) {
          io.err(say(cli.doctor.newer, { names: before.unknown.join(', ') }));
          return 1;
        }
        io.out(
          say(cli.upgrade.where, {
            version: readVersion(),
            applied: String(before.applied.length),
            pending: String(before.pending.length),
          }),
        );
        if (before.pending.length === 0) {
          io.out(cli.upgrade.nothing);
          return 0;
        }
        try {
          // The backup is taken under the schema lock: a server starting meanwhile waits.
          await migrateToLatest(
            database.db,
            (step) => io.out(say(cli.upgrade.step, { name: step.name, ms: String(step.ms) })),
            async () => {
              if (values['no-backup']) return;
              const file = await backUpBeforeUpgrade(database, config);
              io.out(say(cli.upgrade.backedUp, { file }));
            },
          );
        } catch (error) {
          if (!(error instanceof BackupFolderError)) throw error;
          io.err(error.message);
          return 1;
        }
        await ensureConfigDefaults(database.db, Date.now());
        io.out(cli.upgrade.done);
        return 0;
      },
      false,
    );
  },

  async rollback(args, { env, io }) {
    const { values } = options(args, { restore: { type: 'boolean' }, ...RELEASE_OPTIONS });
    const config = loadConfig(env);
    return rollbackRelease(releaseOptions(values, config, env, io), values.restore === true);
  },

  async admin(args, { env, io }) {
    const [action, email] = args;
    const config = loadConfig(env);
    if (action === 'list') {
      return withDatabase(config, async (database) => {
        const admins = await listAcademyAdmins(database);
        if (admins.length === 0) io.out(cli.admin.none);
        for (const admin of admins) {
          io.out(
            say(cli.admin.row, {
              email: admin.email ?? '—',
              name: admin.name,
              status: statusLabel(admin),
            }),
          );
        }
        return 0;
      });
    }
    if (action !== 'grant')
      throw new UsageError(say(cli.unknownCommand, { command: `admin ${action ?? ''}`.trim() }));
    if (!email) throw new UsageError(say(cli.missingArgument, { what: 'email', command: 'admin' }));
    return withDatabase(config, async (database) => {
      const auth = await createAuth({
        config,
        database,
        mailer: { send: async () => {} },
        log: silentLog,
        hooks: {
          onSessionCreated: async () => {},
          onEmailChanged: async () => {},
          onSessionDeleted: async () => {},
        },
      });
      const { person, created } = await grantAdmin(database, email, (address, name) =>
        createVerifiedUser(auth, address, name),
      );
      io.out(
        say(created ? cli.admin.created : cli.admin.granted, { email: person.email ?? email }),
      );
      return 0;
    });
  },

  async users(args, { env, io }) {
    if (args[0] !== 'sign-out-all') {
      throw new UsageError(say(cli.unknownCommand, { command: `users ${args[0] ?? ''}`.trim() }));
    }
    return withDatabase(loadConfig(env), async (database) => {
      const count = await signOutEveryone(database);
      io.out(say(cli.users.signedOut, { count: String(count) }));
      return 0;
    });
  },

  async backup(args, { env, io }) {
    const { values } = options(args, { to: { type: 'string' }, keep: { type: 'string' } });
    const config = loadConfig(env);
    const keep = Number((values.keep as string | undefined) ?? config.backup.keep);
    if (!Number.isInteger(keep) || keep < 1 || keep > 1000) throw new UsageError(cli.badKeep);
    const folder = path.resolve((values.to as string | undefined) ?? config.backup.dir);
    const run = async (database: AppDatabase) => {
      const taken = await takeBackup(database, config, { folder, keep }).catch((error: unknown) => {
        if (error instanceof BackupFolderError) throw new RecoveryError(error.message);
        throw error;
      });
      io.out(say(cli.backup.written, { file: taken.file, size: formatBytes(taken.bytes) }));
      if (taken.removed.length > 0) {
        io.out(say(cli.backup.pruned, { count: String(taken.removed.length), keep: String(keep) }));
      }
      if (taken.copied)
        io.out(say(cli.backup.copied, { where: taken.copied.where, keep: String(keep) }));
      // pg_dump's archive alone holds the database; the photos in a bucket are backed up there.
      if (config.database.kind === 'postgres' && config.media.kind !== 'local') {
        io.out(say(cli.restore.photosNotInDump, { photos: photoPlace(config) }));
      }
      return 0;
    };
    return withDatabase(config, run, config.database.kind !== 'postgres');
  },

  async restore(args, { env, io }) {
    const { values, positionals } = options(args, {
      replace: { type: 'boolean' },
      'from-bucket': { type: 'string' },
    });
    const config = loadConfig(env);
    let archive = positionals[0];
    const fromBucket = values['from-bucket'] as string | undefined;
    if (fromBucket !== undefined) {
      // A new machine's restore: the backup is fetched from the bucket into the backup folder.
      if (!config.backup.bucket) throw new RecoveryError(cli.backup.noBucket);
      const offsite = await openOffsiteBackups(config.backup.bucket);
      const fetched = await offsite.download(fromBucket, config.backup.dir);
      if (!fetched) {
        const names = (await offsite.list()).map((backup) => backup.name);
        throw new RecoveryError(
          say(cli.backup.notInBucket, { name: fromBucket, names: names.join(', ') || '—' }),
        );
      }
      io.out(say(cli.backup.fetched, { name: path.basename(fetched), file: fetched }));
      archive = fetched;
    }
    if (!archive)
      throw new UsageError(say(cli.missingArgument, { what: 'tệp .tar.gz', command: 'restore' }));
    const { dataDir, media } = config;
    if (config.database.kind === 'postgres') {
      const { url } = config.database;
      const file = path.resolve(archive);
      const replace = values.replace === true;
      return withDatabase(
        config,
        async (database) => {
          try {
            if (file.endsWith('.dump')) {
              await restorePostgresDumpFile(database, url, file, dataDir, { replace });
              io.out(say(cli.restore.pgRestored, { file: archive, photos: photoPlace(config) }));
            } else {
              const store = await createMediaStore(media);
              const manifest = await restorePostgresBackup(database, url, file, dataDir, store, {
                replace,
              });
              io.out(
                say(cli.restore.pgRestoredWithPhotos, {
                  file: archive,
                  media: String(manifest.media.filter((name) => !isPhotoVariant(name)).length),
                  photos: photoPlace(config),
                }),
              );
            }
          } catch (error) {
            io.err(say(vi.backup.failed, { reason: reasonOf(error) }));
            return 1;
          }
          return 0;
        },
        false,
      );
    }
    let restored: Awaited<ReturnType<typeof restoreBackup>>;
    try {
      restored = await restoreBackup(archive, dataDir, await createMediaStore(media));
    } catch (error) {
      io.err(say(vi.backup.failed, { reason: reasonOf(error) }));
      return 1;
    }
    const { manifest, kept } = restored;
    io.out(
      say(vi.backup.restored, {
        createdAt: manifest.createdAt,
        media: String(manifest.media.filter((name) => !isPhotoVariant(name)).length),
        dataDir,
        kept,
      }),
    );
    if (restored.removed.length > 0) {
      io.out(
        say(vi.backup.prunedKept, {
          count: String(restored.removed.length),
          keep: String(KEEP_BEFORE_RESTORE),
        }),
      );
    }
    return 0;
  },

  async 'demo-data'(args, { env, io }) {
    const [action] = args;
    if (action !== 'generate' && action !== 'wipe') {
      throw new UsageError(
        say(cli.unknownCommand, { command: `demo-data ${action ?? ''}`.trim() }),
      );
    }
    const config = loadConfig(env);
    return withDatabase(config, async (database) => {
      // Recorded in the activity log as the academy's first active admin's doing.
      const admin = (await listAcademyAdmins(database)).find((each) => each.status === 'active');
      if (!admin) throw new RecoveryError(cli.demo.noAdmin);
      if (action === 'wipe') {
        await wipeDemoData(database, admin, await createMediaStore(config.media));
        io.out(cli.demo.wiped);
        return 0;
      }
      const summary = await generateDemoData(database, admin, await createMediaStore(config.media));
      io.out(
        say(cli.demo.generated, {
          people: String(summary.people),
          courses: String(summary.courses),
          posts: String(summary.posts),
        }),
      );
      return 0;
    });
  },

  async mail(args, { env, io }) {
    const [action, email] = args;
    if (action !== 'test') {
      throw new UsageError(say(cli.unknownCommand, { command: `mail ${action ?? ''}`.trim() }));
    }
    if (!email) throw new UsageError(say(cli.missingArgument, { what: 'email', command: 'mail' }));
    const config = loadConfig(env);
    if (!config.smtpUrl) {
      io.err(cli.mail.notConfigured);
      return 1;
    }
    const mailer = createMailer(config, silentLog);
    // The operator's test mail draws on the one mail budget like every other.
    let charge: MailCharge;
    try {
      charge = await withDatabase(config, (database) => chargeMail(database, { email }), false);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      io.err(errorMessage(error.code));
      return 1;
    }
    try {
      await mailer.send(
        {
          to: email,
          subject: cli.mail.subject,
          text: cli.mail.text,
          html: `<p>${cli.mail.text}</p>`,
        },
        charge,
      );
    } catch (error) {
      io.err(say(cli.doctor.mail, { reason: smtpProblem(error, config.smtpUrl) }));
      return 1;
    }
    io.out(say(cli.mail.sent, { email }));
    return 0;
  },
};

/** Runs the command line in this process: `bin/hoc-vien.mjs` and `npm run cli`. */
export async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  process.exitCode = await runCli(process.argv.slice(2), process.env, {
    out: (line) => console.info(line),
    err: (line) => console.error(line),
  });
}
