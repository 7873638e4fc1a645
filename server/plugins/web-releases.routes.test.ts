import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { earlierReleasesWebRoots } from './web.ts';

/*
 * After an upgrade, a tab opened before it (or, during a one-at-a-time upgrade of several
 * servers, a page another server sent) asks for the hashed files of the release before: the
 * new release serves them from that release's folder beside it.
 */
let releases: string;
let t: TestApp;

function release(name: string, asset: string) {
  const web = path.join(releases, name, 'dist', 'web');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><title>${name}</title><script src="/assets/${asset}"></script>`,
  );
  fs.writeFileSync(path.join(web, 'assets', asset), `console.log(${JSON.stringify(name)})`);
  fs.writeFileSync(path.join(web, 'sw.js'), `self.release = ${JSON.stringify(name)}`);
  return web;
}

beforeAll(async () => {
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-releases-'));
  release('hoc-vien-0.5.0+aaaaaaaaaaaa-linux-x64', 'index-old5.js');
  const before = release('hoc-vien-0.6.0+bbbbbbbbbbbb-linux-x64', 'index-old6.js');
  fs.writeFileSync(path.join(before, 'assets', 'course-lazy6.js'), 'export default 6');
  // Not a release: never read.
  fs.mkdirSync(path.join(releases, 'elsewhere', 'dist', 'web', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(releases, 'elsewhere', 'dist', 'web', 'assets', 'x.js'), 'x');
  const webRoot = release('hoc-vien-0.7.0+cccccccccccc-linux-x64', 'index-new7.js');
  t = await buildTestApp({ webRoot });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(releases, { recursive: true, force: true });
});

describe('the hashed files of the releases kept beside this one', () => {
  it('are served, kept a year, after this release’s own', async () => {
    for (const name of ['index-new7.js', 'index-old6.js', 'course-lazy6.js', 'index-old5.js']) {
      const asset = await t.app.inject({ method: 'GET', url: `/assets/${name}` });
      expect(asset.statusCode, name).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The page and the worker are this release's own.
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('index-new7.js');
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).body).toContain('0.7.0');
  });

  it('stop at what no release has, and at names that climb out', async () => {
    for (const url of ['/assets/missing.js', '/assets/x.js', '/assets/..%2F..%2Findex.html']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'route_not_found' } });
    }
  });

  it('are only looked for beside a release’s own folder', () => {
    expect(earlierReleasesWebRoots(path.join(releases, 'elsewhere', 'dist', 'web'))).toEqual([]);
    expect(earlierReleasesWebRoots(os.tmpdir())).toEqual([]);
  });
});
