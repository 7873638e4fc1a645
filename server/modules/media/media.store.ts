import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file opened for reading: its bytes (or the range asked for) as a stream and its size. */
export interface MediaObject {
  body: Readable;
  /** The whole file's size, whatever range was read. */
  size: number;
}

/** The bytes from `start` to `end`, both included, within the file's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where photos live (docs/decisions/0019): everything that touches photo files goes through
 * this, whichever store the configuration names. Names are made from the photo's content
 * (media.storage.ts), so a name always holds the same bytes: writing one that is already there
 * changes nothing, and two servers writing the same photo at once agree.
 *
 * A store that cannot be reached throws `MediaStoreUnavailable`, never a half-written file.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the name unless it is stored already. */
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes stored under the name, or undefined. */
  read(name: string): Promise<Buffer | undefined>;
  /** The stored file (or only `range` of it) as a stream, or undefined. */
  open(name: string, range?: ByteRange): Promise<MediaObject | undefined>;
  /** The stored file's size in bytes, or undefined. */
  size(name: string): Promise<number | undefined>;
  /** Forgets the name (nothing happens when it is not stored). */
  remove(name: string): Promise<void>;
  /** Every stored name, in no particular order. */
  names(): AsyncIterable<string>;
  /** Where it is, for an operator: a folder, or a bucket at an endpoint. */
  describe(): string;
}

/** The store could not be reached or refused the request: the caller answers 503. */
export class MediaStoreUnavailable extends Error {
  override name = 'MediaStoreUnavailable';
}

/** The folder `DATA_DIR/media` of one machine. */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local';
  constructor(readonly dir: string) {}

  private file(name: string) {
    return path.join(this.dir, name);
  }

  async put(name: string, data: Buffer): Promise<void> {
    const file = this.file(name);
    if (await exists(file)) return;
    await fs.mkdir(this.dir, { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(name: string): Promise<Buffer | undefined> {
    return fs.readFile(this.file(name)).catch(missingAsUndefined);
  }

  async open(name: string, range?: ByteRange): Promise<MediaObject | undefined> {
    const file = this.file(name);
    const stat = await fs.stat(file).catch(missingAsUndefined);
    if (!stat?.isFile()) return undefined;
    return { body: createReadStream(file, range), size: stat.size };
  }

  async size(name: string): Promise<number | undefined> {
    const stat = await fs.stat(this.file(name)).catch(missingAsUndefined);
    return stat?.isFile() ? stat.size : undefined;
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.file(name), { force: true });
  }

  async *names(): AsyncIterable<string> {
    const entries = await fs.readdir(this.dir).catch(missingAsUndefined);
    for (const entry of entries ?? []) {
      if (!entry.endsWith('.tmp')) yield entry;
    }
  }

  describe(): string {
    return this.dir;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

function missingAsUndefined(error: unknown): undefined {
  if ((error as { code?: string }).code === 'ENOENT') return undefined;
  throw error;
}
