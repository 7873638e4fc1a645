import { formatBytes } from '#shared/format';
import type { BackupStatus } from '#shared/schemas/admin';
import { t } from '../../lib/text.ts';

/** What the admin reads of the server's data disk: its free space, or that it is (nearly) full. */
export function diskMessage(disk: BackupStatus['disk']): string {
  const free = disk.freeBytes === null ? '?' : formatBytes(disk.freeBytes);
  const key = { ok: 'diskFree', low: 'diskLow', full: 'diskFull' } as const;
  return t(`screens.adminTools.${key[disk.state]}`, { free });
}
