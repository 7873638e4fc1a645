import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packReproducibly } from './release.mjs';

/*
 * A release packed twice from the same files is one file: what an operator checks against the
 * published SHA-256 does not depend on when, where or under which umask it was packed.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pack-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function stage(at: string, umask: number, mtime: number) {
  const dir = path.join(work, at, 'hoc-vien-1.0.0+abcdefabcdef-linux-x64');
  // Written in another order each time: the archive's order is the names'.
  const files = ['z.txt', 'bin/hoc-vien', 'a/b/c.js', 'README.md'];
  for (const file of umask === 0o022 ? files : [...files].reverse()) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `contents of ${file}\n`);
    const mode = file.startsWith('bin/') ? 0o777 & ~umask : 0o666 & ~umask;
    fs.chmodSync(path.join(dir, file), mode);
    fs.utimesSync(path.join(dir, file), mtime, mtime);
  }
  return dir;
}

describe('packing a release', () => {
  it('gives one SHA-256 for the same files, whatever their times, order and umask', () => {
    const first = packReproducibly(
      stage('one', 0o022, 1_700_000_000),
      path.join(work, 'one.tar.gz'),
      1_760_000_000,
    );
    const second = packReproducibly(
      stage('two', 0o077, 1_800_000_000),
      path.join(work, 'two.tar.gz'),
      1_760_000_000,
    );
    expect(second).toBe(first);
    const bytes = fs.readFileSync(path.join(work, 'two.tar.gz'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(first);
    expect(fs.readFileSync(path.join(work, 'two.tar.gz.sha256'), 'utf8')).toBe(
      `${first}  two.tar.gz\n`,
    );
  });
});
