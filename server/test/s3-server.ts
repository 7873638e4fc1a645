import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The keys s3rver accepts; any other is refused as an S3 server refuses an unknown key. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The server's environment for a store in this bucket (MEDIA_STORE=s3 and the S3_ names). */
  env: Record<string, string>;
  /** Stops answering (a store that is down), keeping what it holds. */
  stop(): Promise<void>;
  /** Answers again at the same address, with what it held. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on this machine for the tests: s3rver, from the npm registry, the
 * S3 REST API over a folder, answering uploads, reads, ranges, listings and S3's errors (no such
 * key, no such bucket, an unknown access key). It does not check a request's signature against
 * the secret, nor offer versioning, lifecycle rules or multipart copies. Every test file gets its
 * own, with its own bucket in its own folder.
 */
export async function startS3Server(bucket = 'hoc-vien-photos'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-s3-'));
  keepPhotoFolder(directory, bucket);
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    ({ port } = (await server.run()) as { port: number });
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver keeps a key's folders as directories and removes one when its last object goes; a
 * write into it that races that removal (one server's probe while another's is deleted) fails
 * on a stream that s3rver leaves without an error handler, crashing the test process. A plain
 * file in the photos' folder, which s3rver never lists as an object, keeps the folder: S3 has
 * no folders, so the race is the stand-in's alone.
 */
function keepPhotoFolder(directory: string, bucket: string) {
  const folder = path.join(directory, bucket, 'media');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, '.keep'), '');
}
