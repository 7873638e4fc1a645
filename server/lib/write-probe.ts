import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether a file can be made in `dir` now: null when it can, else the error's code (EACCES,
 * ENOTDIR, …). Writes and removes an empty file; makes nothing else.
 */
export function writeProbe(dir: string): string | null {
  try {
    const probe = path.join(dir, `.probe-${randomUUID()}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}
