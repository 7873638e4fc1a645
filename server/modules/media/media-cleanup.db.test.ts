import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameSearchColumns } from '../../db/search-columns.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createMediaStore } from './create-media-store.ts';
import { processImage } from './image-processing.ts';
import { cleanUpUnreferencedMedia } from './media.cleanup.ts';
import { insertMedia } from './media.repository.ts';
import { storeImage } from './media.storage.ts';
import { LocalMediaStore, type MediaStore } from './media.store.ts';

let database: TestDatabase;
let dataDir: string;
let s3: TestS3Server;
const stores: Record<'local' | 's3', MediaStore> = {} as Record<'local' | 's3', MediaStore>;
const now = Date.now();
const DAY = 24 * 60 * 60 * 1000;

async function stored(store: MediaStore, colour: string, createdAt: number): Promise<string> {
  const source = path.join(dataDir, `${colour.slice(1)}.png`);
  await sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
    .png()
    .toFile(source);
  const image = await processImage(source);
  const { id } = await storeImage(store, image);
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
  s3 = await startS3Server();
  stores.local = new LocalMediaStore(path.join(dataDir, 'media'));
  stores.s3 = await createMediaStore({
    kind: 's3',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await database.dispose();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('clean-up of media no longer used, %s store', (kind) => {
  it('removes old photos nothing points at, keeps used and recent ones', async () => {
    const store = stores[kind];
    await database.db.deleteFrom('courses').execute();
    await database.db.deleteFrom('media').execute();
    const avatar = await stored(store, '#aa0000', now - 3 * DAY);
    const cover = await stored(store, '#00aa00', now - 3 * DAY);
    const orphan = await stored(store, '#0000aa', now - 3 * DAY);
    const fresh = await stored(store, '#aaaa00', now - 60_000);
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

    expect(await cleanUpUnreferencedMedia(database, store, now)).toEqual({ removed: 1 });
    const left = (await database.db.selectFrom('media').select('id').execute())
      .map((row) => row.id)
      .sort();
    expect(left).toEqual([avatar, cover, fresh].sort());
    const files: string[] = [];
    for await (const name of store.names()) files.push(name);
    expect(files).not.toContain(`${orphan}.webp`);
    expect(files).not.toContain(`${orphan}-sm.webp`);
    expect(files).toContain(`${avatar}.webp`);
  });
});
