import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3StoreConfig } from '../config.ts';
import { createS3Client, type S3Sdk } from '../modules/media/s3-media.store.ts';

/*
 * Backups kept off the machine (BACKUP_TO_BUCKET=true): each backup the server or the command
 * line takes is copied, as it is, into the S3_ bucket under `backups/`, and the newest
 * BACKUP_KEEP are kept there. The photos are under `media/` in the same bucket, and nothing
 * that reads photos lists `backups/`. A new machine restores from it
 * (`hoc-vien restore --from-bucket latest`).
 */
const PREFIX = 'backups/';
/** A backup's name, as the folder backups are named (SQLite's .tar.gz, PostgreSQL's .dump). */
const NAME = /^hoc-vien-\d{8}-\d{6}-\d{3}\.(tar\.gz|dump)$/;

export interface OffsiteBackup {
  name: string;
  bytes: number;
}

export class OffsiteBackups {
  private readonly client;
  private readonly bucket: string;

  constructor(
    private readonly config: S3StoreConfig,
    private readonly sdk: S3Sdk,
  ) {
    this.client = createS3Client(config, sdk);
    this.bucket = config.bucket;
  }

  describe(): string {
    return `s3://${this.bucket}/${PREFIX} at ${this.config.endpoint ?? `s3.${this.config.region}.amazonaws.com`}`;
  }

  /** Copies the backup `file` into the bucket under its own name, streamed from the disk. */
  async upload(file: string): Promise<void> {
    const name = path.basename(file);
    if (!NAME.test(name)) throw new Error(`not a backup's name: ${name}`);
    const { size } = await fsp.stat(file);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: `${PREFIX}${name}`,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  /** The backups in the bucket, oldest first (their names sort by when they were taken). */
  async list(): Promise<OffsiteBackup[]> {
    const found: OffsiteBackup[] = [];
    const pages = this.sdk.paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: PREFIX },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(PREFIX.length) ?? '';
        if (NAME.test(name)) found.push({ name, bytes: object.Size ?? 0 });
      }
    }
    return found.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Removes all but the newest `keep` backups of the bucket; the names removed. */
  async prune(keep: number): Promise<string[]> {
    const backups = await this.list();
    const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((each) => each.name);
    for (const name of removed) {
      await this.client.send(
        new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: `${PREFIX}${name}` }),
      );
    }
    return removed;
  }

  /**
   * Fetches backup `name` (or the newest, for `latest`) into `folder`, readable by this user
   * only; the file's path. Undefined when the bucket has no such backup.
   */
  async download(name: string, folder: string): Promise<string | undefined> {
    const backups = await this.list();
    const chosen =
      name === 'latest' ? backups.at(-1) : backups.find((backup) => backup.name === name);
    if (!chosen) return undefined;
    await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, chosen.name);
    const partial = `${file}.partial`;
    const object = await this.client.send(
      new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: `${PREFIX}${chosen.name}` }),
    );
    try {
      await pipeline(object.Body as Readable, fs.createWriteStream(partial, { mode: 0o600 }));
      await fsp.rename(partial, file);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
    return file;
  }
}

/** The bucket's backups, with the AWS SDK loaded for them. */
export async function openOffsiteBackups(config: S3StoreConfig): Promise<OffsiteBackups> {
  return new OffsiteBackups(config, await import('@aws-sdk/client-s3'));
}
