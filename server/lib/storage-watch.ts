import fs from 'node:fs';
import type { DiskState } from '#shared/schemas/health';

/** Under this much free space the disk is nearly full: the admin is warned (photos, backups). */
export const DISK_LOW_BYTES = 1024 ** 3;
/** Under this much it is full: a photo or a backup would not fit, and writes are failing. */
export const DISK_FULL_BYTES = 8 * 1024 ** 2;
/** After a write failed for want of space, the disk is called full for this long at least. */
const FULL_AFTER_FAILURE_MS = 60_000;

/** Whether an error says the storage under a write is full: the disk, a quota, the database's. */
export function isStorageFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // ENOSPC / EDQUOT from the file system; SQLITE_FULL; PostgreSQL's disk_full (53100).
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100') {
    return true;
  }
  return /database or disk is full|no space left on device/i.test(error.message);
}

/**
 * What the server knows of its disk: the free space of the data folder's file system, and
 * whether a write failed for want of space lately (PostgreSQL's disk is not ours to measure: a
 * failed write is how it is known).
 */
export class StorageWatch {
  private lastFullAt = 0;
  private freeAtFailure: number | null = null;

  constructor(private readonly dataDir: string) {}

  /** A write failed for want of space. */
  noteFull(now = Date.now()): void {
    this.lastFullAt = now;
    this.freeAtFailure = this.freeBytes();
  }

  /** The free bytes of the data folder's file system, or null when it cannot be read. */
  freeBytes(): number | null {
    try {
      const disk = fs.statfsSync(this.dataDir);
      return disk.bavail * disk.bsize;
    } catch {
      return null;
    }
  }

  state(now = Date.now()): { state: DiskState; freeBytes: number | null } {
    const freeBytes = this.freeBytes();
    // Space freed since the failure (on the data folder's disk) ends it at once: the operator
    // who cleared the disk sees the server take writes again, not a minute later.
    const freedSince =
      freeBytes !== null &&
      this.freeAtFailure !== null &&
      freeBytes >= this.freeAtFailure + DISK_FULL_BYTES;
    const failedLately = now - this.lastFullAt < FULL_AFTER_FAILURE_MS && !freedSince;
    if (failedLately || (freeBytes !== null && freeBytes < DISK_FULL_BYTES)) {
      return { state: 'full', freeBytes };
    }
    if (freeBytes !== null && freeBytes < DISK_LOW_BYTES) return { state: 'low', freeBytes };
    return { state: 'ok', freeBytes };
  }
}
