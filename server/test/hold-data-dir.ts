import { holdDataDir } from '../backup/data-dir-lock.ts';

/*
 * A process that holds a data folder, for the lock's tests: `hold-data-dir.ts <dir> [role]`
 * prints "held" and waits for SIGTERM (then lets the folder go), or prints "busy <pid>".
 */
const [dir, role = 'server'] = process.argv.slice(2);
try {
  const release = holdDataDir(dir!, role, { watchMs: 100 });
  // Listening before saying "held": the test may send SIGTERM the moment it reads it, and an
  // unheard SIGTERM ends the process without letting the folder go.
  process.on('SIGTERM', () => {
    release();
    process.exit(0);
  });
  process.stdout.write('held\n');
  setInterval(() => {}, 60_000);
} catch (error) {
  const holder = (error as { holder?: { pid: number } }).holder;
  process.stdout.write(holder ? `busy ${holder.pid}\n` : `error ${(error as Error).message}\n`);
  process.exit(3);
}
