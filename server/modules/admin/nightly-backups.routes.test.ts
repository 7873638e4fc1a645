import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig, runtimeProblem } from '../../config.ts';
import { type RunningServer, startServer } from '../../start.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { BACKUP_STALE_MS, backupStatus } from './maintenance.service.ts';
import { nextBackupAt } from './nightly-backups.ts';

const pad = (value: number) => String(value).padStart(2, '0');
/** A time of day as BACKUP_SCHEDULE takes it, in the server's own time zone. */
const timeOfDay = (at: Date) =>
  `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;

let running: RunningServer | undefined;

/** Starts a server on `dataDir` whose nightly backup is due in a few seconds. */
async function startWithBackupSoon(dataDir: string, env: NodeJS.ProcessEnv) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    BACKUP_SCHEDULE: timeOfDay(new Date(Date.now() + 4_000)),
    ...env,
  });
  running = await startServer(config, { logger: false });
  return { config, server: running };
}
const folders: string[] = [];

afterEach(async () => {
  await running?.close();
  running = undefined;
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('when the nightly backup is due', () => {
  it('is later today when the time has not come yet, else tomorrow at the same time', () => {
    const now = new Date(2026, 10, 25, 2, 0, 0);
    expect(nextBackupAt(now, { hours: 3, minutes: 0, seconds: 0 })).toEqual(
      new Date(2026, 10, 25, 3, 0, 0),
    );
    expect(nextBackupAt(now, { hours: 2, minutes: 0, seconds: 0 })).toEqual(
      new Date(2026, 10, 26, 2, 0, 0),
    );
    expect(
      nextBackupAt(new Date(2026, 11, 31, 23, 59, 0), { hours: 0, minutes: 30, seconds: 0 }),
    ).toEqual(new Date(2027, 0, 1, 0, 30, 0));
  });

  it('refuses a schedule it cannot read, naming the variable', () => {
    expect(() => loadConfig({ BACKUP_SCHEDULE: '3h' })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadConfig({ BACKUP_SCHEDULE: '24:00' })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backup.at).toBeNull();
    expect(loadConfig({}).backup).toMatchObject({
      at: { hours: 3, minutes: 0, seconds: 0 },
      keep: 7,
    });
  });
});

describe.skipIf(testDatabaseKind() !== 'sqlite')('the nightly backup of a running server', () => {
  it('is taken at the configured time and the folder is pruned to BACKUP_KEEP', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-nightly-'));
    folders.push(dataDir);
    const backups = path.join(dataDir, 'nightly');
    fs.mkdirSync(backups);
    const old = ['20260101-030000-000', '20260102-030000-000', '20260103-030000-000'].map(
      (stamp) => `hoc-vien-${stamp}.tar.gz`,
    );
    for (const name of old) fs.writeFileSync(path.join(backups, name), 'old');
    // Something else in the folder is no backup of the server's and stays.
    fs.writeFileSync(path.join(backups, 'notes.txt'), 'giữ lại');
    const { config, server } = await startWithBackupSoon(dataDir, {
      BACKUP_KEEP: '2',
      BACKUP_DIR: backups,
    });
    const before = await backupStatus(server.database, dataDir, config.backup);
    expect(before).toMatchObject({ last: null, warning: false });
    expect(before.nightlyAt).toMatch(/^\d\d:\d\d$/);

    await vi.waitFor(
      () => {
        const names = fs.readdirSync(backups).filter((name) => name.endsWith('.tar.gz'));
        expect(names.some((name) => !old.includes(name))).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    // The folder is pruned and the outcome recorded just after the file takes its name: the
    // folder is judged once the outcome is there.
    const after = await vi.waitFor(
      async () => {
        const status = await backupStatus(server.database, dataDir, config.backup);
        expect(status.last).not.toBeNull();
        return status;
      },
      { timeout: 5_000, interval: 50 },
    );
    const names = fs.readdirSync(backups).sort();
    expect(names).toHaveLength(3);
    expect(names).toContain(old[2]);
    expect(names).toContain('notes.txt');
    const taken = names.find((name) => name.endsWith('.tar.gz') && !old.includes(name))!;
    expect(fs.statSync(path.join(backups, taken)).size).toBeGreaterThan(1_000);
    expect(after.last?.bytes).toBe(fs.statSync(path.join(backups, taken)).size);
    expect(after.warning).toBe(false);
    // Two days on with no newer backup, the admin is warned.
    const later = await backupStatus(
      server.database,
      dataDir,
      config.backup,
      Date.now() + BACKUP_STALE_MS + 60_000,
    );
    expect(later.warning).toBe(true);
  }, 30_000);

  it('a night that fails is recorded, warned of, and the server goes on', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-nightly-'));
    folders.push(dataDir);
    // A file where the backup folder should be: no backup can be written.
    const blocked = path.join(dataDir, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const { config, server } = await startWithBackupSoon(dataDir, { BACKUP_DIR: blocked });
    await vi.waitFor(
      async () => {
        const status = await backupStatus(server.database, dataDir, config.backup);
        expect(status.lastFailure?.reason).toContain('có một tệp cùng tên');
        expect(status.warning).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
    const health = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/health`);
    expect(health.status).toBe(200);
  }, 30_000);
});

describe('the runtime', () => {
  it('runs on every supported line (22.12+, 24, 26), and names the others', () => {
    for (const version of ['22.12.0', '22.23.3', '24.21.0', '26.12.1']) {
      expect(runtimeProblem(version)).toBeNull();
    }
    for (const version of ['20.20.2', '22.11.0', '23.11.1', '25.2.0']) {
      expect(runtimeProblem(version)).toContain('is not supported');
    }
  });
});
