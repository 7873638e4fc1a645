import {
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from './s3-server.ts';

let s3: TestS3Server;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});

afterAll(async () => {
  client.destroy();
  await s3.close();
});

it('takes writes and deletes racing in the photos folder, as two starting servers probe it', async () => {
  const writer = async (n: number) => {
    for (let i = 0; i < 40; i++) {
      const Key = `media/probe-${n}-${i}.txt`;
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: 'x' }));
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key }));
    }
  };
  await Promise.all([writer(1), writer(2), writer(3)]);
  const listed = await client.send(
    new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'media/' }),
  );
  expect(listed.Contents ?? []).toEqual([]);
});
