/**
 * `npm run restore -- <backup.tar.gz>`: puts a backup downloaded from admin tools back into
 * DATA_DIR (default ./data). Stop the app first. The backup is unpacked and checked beside the
 * data; only a backup that passes every check replaces it, and what it replaces is kept.
 */
import { vi } from '#shared/locales/vi';
import { fillPlaceholders } from '#shared/text';
import { restoreBackup } from '../server/backup/backup.ts';
import { loadConfig } from '../server/config.ts';

const archive = process.argv[2];
if (!archive) {
  console.error(vi.backup.usage);
  process.exit(2);
}
const { dataDir } = loadConfig(process.env);
try {
  const { manifest, kept } = await restoreBackup(archive, dataDir);
  console.info(
    fillPlaceholders(vi.backup.restored, {
      createdAt: manifest.createdAt,
      media: String(manifest.media.length),
      dataDir,
      kept,
    }),
  );
} catch (error) {
  console.error(fillPlaceholders(vi.backup.failed, { reason: (error as Error).message }));
  process.exit(1);
}
