import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../../config.ts';
import {
  type ByteRange,
  type MediaObject,
  type MediaStore,
  MediaStoreUnavailable,
} from './media.store.ts';

/** Photos are kept under this prefix, so a bucket may hold other things beside them. */
const PREFIX = 'media/';

/** The AWS SDK's S3 client module, loaded by `loadS3MediaStore` only when a bucket is used. */
export type S3Sdk = typeof S3;

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Garage, Ceph), through the AWS
 * SDK (docs/decisions/0019). Every server of an academy reads and writes the same bucket.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3.S3Client;
  private readonly bucket: string;
  private readonly endpoint: string;

  constructor(
    config: S3StoreConfig,
    private readonly sdk: S3Sdk,
  ) {
    this.bucket = config.bucket;
    this.endpoint = config.endpoint ?? `s3.${config.region}.amazonaws.com`;
    this.client = createS3Client(config, sdk);
  }

  private key(name: string) {
    return `${PREFIX}${name}`;
  }

  async put(name: string, data: Buffer): Promise<void> {
    await this.call(async () => {
      if (await this.stored(name)) return;
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          Body: data,
          ContentType: 'image/webp',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    });
  }

  private async stored(name: string): Promise<boolean> {
    return (await this.head(name)) !== undefined;
  }

  /** The object's size by a HEAD request, or undefined when it is not stored. */
  private async head(name: string): Promise<number | undefined> {
    try {
      const answer = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }),
      );
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (this.isMissing(error)) return undefined;
      throw error;
    }
  }

  async size(name: string): Promise<number | undefined> {
    return this.call(() => this.head(name));
  }

  async read(name: string): Promise<Buffer | undefined> {
    const object = await this.get(name);
    if (!object) return undefined;
    return this.call(async () => Buffer.from(await object.body.transformToByteArray()));
  }

  async open(name: string, range?: ByteRange): Promise<MediaObject | undefined> {
    const object = await this.get(name, range);
    if (!object) return undefined;
    return { body: object.body as unknown as Readable, size: object.size };
  }

  private async get(name: string, range?: ByteRange) {
    return this.call(async () => {
      try {
        const answer = await this.client.send(
          new this.sdk.GetObjectCommand({
            Bucket: this.bucket,
            Key: this.key(name),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!answer.Body) return undefined;
        // A ranged answer's length is the range's; the whole size ends its Content-Range.
        const whole = Number(answer.ContentRange?.split('/')[1]);
        return {
          body: answer.Body,
          size: Number.isFinite(whole) ? whole : (answer.ContentLength ?? 0),
        };
      } catch (error) {
        if (this.isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  async remove(name: string): Promise<void> {
    await this.call(() =>
      this.client.send(
        new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }),
      ),
    );
  }

  async *names(): AsyncIterable<string> {
    const pages = this.sdk.paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: PREFIX },
    );
    try {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(PREFIX)) yield object.Key.slice(PREFIX.length);
        }
      }
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  describe(): string {
    return `s3://${this.bucket} at ${this.endpoint}`;
  }

  /** Runs a request, turning what went wrong into the store's one failure. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private isMissing(error: unknown): boolean {
    return (
      error instanceof this.sdk.S3ServiceException &&
      (error.name === 'NotFound' ||
        error.name === 'NoSuchKey' ||
        (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket'))
    );
  }

  private unavailable(error: unknown): MediaStoreUnavailable {
    if (error instanceof MediaStoreUnavailable) return error;
    const reason =
      error instanceof this.sdk.S3ServiceException
        ? `${error.name} (${error.$metadata.httpStatusCode ?? 'no status'})`
        : error instanceof Error
          ? `${(error as { code?: string }).code ?? error.name}: ${error.message}`
          : String(error);
    return new MediaStoreUnavailable(`the photo store did not answer as expected: ${reason}`, {
      cause: error,
    });
  }
}

/** A client for the bucket `config` names, as every use of a bucket in the app makes it. */
export function createS3Client(config: S3StoreConfig, sdk: S3Sdk): S3.S3Client {
  return new sdk.S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: {
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
    },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the
    // checksum headers the SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails an upload in seconds (the post waits in the phone's
    // outbox) instead of holding the request for minutes.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

/** The store in a bucket, with the AWS SDK loaded for it. */
export async function loadS3MediaStore(config: S3StoreConfig): Promise<S3MediaStore> {
  return new S3MediaStore(config, await import('@aws-sdk/client-s3'));
}
