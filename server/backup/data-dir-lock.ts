import fs from 'node:fs';
import path from 'node:path';

/*
 * A running server holds its data folder with a lock file naming its process. A restore (or
 * anything else that replaces the database under it) refuses while that process lives: writes
 * the server acknowledged afterwards would otherwise be lost. A lock left by a process that
 * died is stale and ignored.
 */
const LOCK_NAME = 'server.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding `dataDir`, if one is running. */
export function dataDirInUse(dataDir: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_NAME), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isSafeInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

/** Marks `dataDir` as held by this process; the returned function lets it go. */
export function holdDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  fs.writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
