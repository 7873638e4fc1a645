import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, dataDirHolder, holdDataDir } from './data-dir-lock.ts';

// tsx as a loader in this one process (its command line would run the script in a child).
const tsx = path.resolve(import.meta.dirname, '../../node_modules/tsx/dist/esm/index.mjs');
const holderScript = path.resolve(import.meta.dirname, '../test/hold-data-dir.ts');
const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-lock-'));
  folders.push(dir);
  return dir;
}

/** Another process trying to hold `dir`: what it said ("held" or "busy <pid>"). */
function holder(dir: string, role = 'server'): Promise<{ child: ChildProcess; said: string }> {
  const child = spawn(process.execPath, ['--import', tsx, holderScript, dir, role], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (data) => {
      out += String(data);
      if (out.includes('\n')) resolve({ child, said: out.trim() });
    });
    child.once('error', reject);
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const lockFile = (dir: string) => path.join(dir, 'server.lock');

describe('the data folder lock', () => {
  it('refuses a second server at once and leaves the first one’s lock as it was', async () => {
    const dir = folder();
    const first = await holder(dir);
    expect(first.said).toBe('held');
    const before = fs.readFileSync(lockFile(dir), 'utf8');
    const second = await holder(dir);
    expect(second.said).toBe(`busy ${first.child.pid}`);
    await exited(second.child);
    // The second one's exit removed nothing.
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(before);
    expect(dataDirHolder(dir)?.pid).toBe(first.child.pid);
    // Nor can this process (a restore) take it.
    expect(() => holdDataDir(dir, 'restore')).toThrow(DataDirBusyError);
  });

  it('takes over a lock whose process was killed', async () => {
    const dir = folder();
    const first = await holder(dir);
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    expect(dataDirHolder(dir)).toBeUndefined();
    const next = await holder(dir);
    expect(next.said).toBe('held');
    expect(dataDirHolder(dir)?.pid).toBe(next.child.pid);
  });

  it('lets go on a clean stop, and only its own lock', async () => {
    const dir = folder();
    const first = await holder(dir);
    first.child.kill('SIGTERM');
    await exited(first.child);
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('writes its lock again when it is removed under it', async () => {
    const dir = folder();
    const first = await holder(dir);
    fs.rmSync(lockFile(dir));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(dataDirHolder(dir)?.pid).toBe(first.child.pid);
    expect(() => holdDataDir(dir, 'restore')).toThrow(DataDirBusyError);
  });

  it('tells a live process that reused a dead holder’s id from the holder', () => {
    const dir = folder();
    // This test's own process id, with a start time that is not its own: a reused id.
    fs.writeFileSync(lockFile(dir), `${process.pid} 1 server\n`);
    expect(dataDirHolder(dir)).toBeUndefined();
    const release = holdDataDir(dir, 'restore');
    expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, role: 'restore' });
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('reads the bare process id an older release wrote', async () => {
    const dir = folder();
    const first = await holder(dir);
    fs.writeFileSync(lockFile(dir), `${first.child.pid}\n`);
    expect(dataDirHolder(dir)?.pid).toBe(first.child.pid);
    fs.writeFileSync(lockFile(dir), '999999999\n');
    expect(dataDirHolder(dir)).toBeUndefined();
  });

  it('is readable by its owner alone', () => {
    const dir = folder();
    const release = holdDataDir(dir);
    expect(fs.statSync(lockFile(dir)).mode & 0o777).toBe(0o600);
    release();
  });
});
