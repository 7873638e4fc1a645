import fs from 'node:fs';
import path from 'node:path';

/*
 * One process at a time holds a data folder: a running server, or a restore while it replaces
 * the database. The holder is named in `server.lock` by its process id and that process's start
 * time (so a process id the system gave again to another program is not taken for the holder).
 * The file is made only if it is not there (O_EXCL), so a second server or a restore on a folder
 * in use is refused at once instead of writing over the lock; a lock whose process is gone is
 * stale and taken over; only the holder removes it, and a server that finds its lock removed
 * under it writes it again.
 */
const LOCK_NAME = 'server.lock';

export interface LockHolder {
  pid: number;
  /** The process's start, in clock ticks since boot (Linux); null where unknown. */
  started: number | null;
  /** What holds the folder: a server or a restore. */
  role: string;
}

/** A folder held by another live process. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the data folder ${dataDir} is in use by process ${holder.pid} (a ${holder.role}): stop it first, or give this one a DATA_DIR of its own`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** A process's start time from /proc (field 22 of its stat), or null where there is none. */
function startTime(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function alive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTime(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

function readHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // "pid started role", or a bare pid written by an older release.
  const [pid, started, role] = text.trim().split(/\s+/);
  const id = Number.parseInt(pid ?? '', 10);
  if (!Number.isSafeInteger(id) || id <= 0) return { pid: 0, started: null, role: 'unknown' };
  const tick = Number.parseInt(started ?? '', 10);
  return { pid: id, started: Number.isFinite(tick) ? tick : null, role: role ?? 'server' };
}

const own = (role: string): LockHolder => ({
  pid: process.pid,
  started: startTime(process.pid),
  role,
});
const lockText = (holder: LockHolder) => `${holder.pid} ${holder.started ?? '-'} ${holder.role}\n`;
const isOwn = (holder: LockHolder | undefined) =>
  holder !== undefined && holder.pid === process.pid && holder.started === startTime(process.pid);

/** The live process holding `dataDir`, if there is one. */
export function dataDirHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(path.join(dataDir, LOCK_NAME));
  return holder && holder.pid > 0 && alive(holder) ? holder : undefined;
}

/**
 * Takes `dataDir` for this process, or throws `DataDirBusyError` when a live process holds it.
 * The returned function lets it go (removing the lock only while it is this process's).
 */
export function holdDataDir(
  dataDir: string,
  role = 'server',
  options: { watchMs?: number } = {},
): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  const me = own(role);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, lockText(me), { mode: 0o600, flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holder.pid > 0 && alive(holder)) {
      throw new DataDirBusyError(dataDir, holder);
    }
    // Stale: moved aside under a name of its own (one taker wins the rename), then made anew.
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
      fs.rmSync(aside, { force: true });
    } catch {
      // Another process moved it first; try again.
    }
    if (attempt === 2) throw new DataDirBusyError(dataDir, holder ?? me);
  }
  if (!isOwn(readHolder(file))) {
    throw new DataDirBusyError(dataDir, readHolder(file) ?? me);
  }
  // Removed under the server (by hand, by an old release's exit): written again, so a restore
  // still sees the folder in use.
  const watch = setInterval(() => {
    const holder = readHolder(file);
    if (holder === undefined) {
      try {
        fs.writeFileSync(file, lockText(me), { mode: 0o600, flag: 'wx' });
      } catch {
        // Another process took it meanwhile; it will be refused by nothing here.
      }
    }
  }, options.watchMs ?? 5000);
  watch.unref();
  return () => {
    clearInterval(watch);
    try {
      if (isOwn(readHolder(file))) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
