import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameSearchColumns } from '../../db/search-columns.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { processImage } from './image-processing.ts';
import { cleanUpUnreferencedMedia } from './media.cleanup.ts';
import { insertMedia } from './media.repository.ts';
import { storeImage } from './media.storage.ts';

let database: TestDatabase;
let dataDir: string;
const now = Date.now();
const DAY = 24 * 60 * 60 * 1000;

async function stored(colour: string, createdAt: number): Promise<string> {
  const source = path.join(dataDir, `${colour.slice(1)}.png`);
  await sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toFile(source);
  const image = await processImage(source);
  const { id } = await storeImage(dataDir, image);
  await insertMedia(database.db, {
    id,
    ownerId: 'owner',
    use: 'post',
    width: 40,
    height: 40,
    bytes: 1,
    now: createdAt,
  });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-cleanup-'));
  await insertTestPerson(database.db, { id: 'owner', role: 'admin', name: 'Chủ' });
});
afterAll(async () => {
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('clean-up of media no longer used', () => {
  it('removes old photos nothing points at, keeps used and recent ones', async () => {
    const avatar = await stored('#aa0000', now - 3 * DAY);
    const cover = await stored('#00aa00', now - 3 * DAY);
    const orphan = await stored('#0000aa', now - 3 * DAY);
    const fresh = await stored('#aaaa00', now - 60_000);
    await database.db
      .updateTable('people')
      .set({ avatar_url: `/media/${avatar}.webp` })
      .execute();
    await database.db
      .insertInto('courses')
      .values({
        id: 'c1',
        name: 'Sơn gel',
        ...nameSearchColumns('Sơn gel'),
        description: '',
        image_url: `/media/${cover}.webp`,
        status: 'active',
        proposer_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    expect(await cleanUpUnreferencedMedia(database, dataDir, now)).toEqual({ removed: 1 });
    const left = (await database.db.selectFrom('media').select('id').execute())
      .map((row) => row.id)
      .sort();
    expect(left).toEqual([avatar, cover, fresh].sort());
    const files = fs.readdirSync(path.join(dataDir, 'media'));
    expect(files).not.toContain(`${orphan}.webp`);
    expect(files).not.toContain(`${orphan}-sm.webp`);
    expect(files).toContain(`${avatar}.webp`);
  });
});
