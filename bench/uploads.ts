/**
 * Upload memory and throughput: the production server on a fresh SQLite data folder receives
 * 50 photos of 12 MP (4000×3000 JPEG) at once. Reports the server's peak RSS (VmHWM from
 * /proc) and photos processed per second. MALLOC_ARENA_MAX set in the environment replaces
 * the start script's limit of two allocator arenas, to compare (glibc's default: eight a core).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { freePort } from '../support/provision.ts';
import { servingPid } from './engines.ts';

export interface UploadBenchResult {
  photos: number;
  photoBytes: number;
  seconds: number;
  photosPerSecond: number;
  peakRssMb: number;
  failures: number;
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024);
}

async function startServer(): Promise<{
  child: ChildProcess;
  base: string;
  log: () => string;
  stop: () => Promise<void>;
}> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-upload-'));
  let output = '';
  // As `npm start` runs it (scripts/start.mjs: the allocator's arena limit on Linux).
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if ((await fetch(`${base}/api/health`).catch(() => undefined))?.ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    log: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the academy's first instructor, reading the link the server printed. */
async function signInAsOwner(base: string, log: () => string): Promise<string> {
  const email = 'bench@example.vn';
  const headers = { 'content-type': 'application/json' };
  await fetch(`${base}/api/sign-in/email-link`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i += 1) {
    token = log().match(/finishLogin\?token=([A-Za-z0-9]+)/)?.[1];
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  const redeemed = await fetch(`${base}/api/sign-in/email-link/redeem`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token, email }),
  });
  if (!redeemed.ok)
    throw new Error(`sign-in failed: ${redeemed.status} ${await redeemed.text()} token=${token}`);
  const cookie = redeemed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await fetch(`${base}/api/onboarding`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ role: 'instructor', name: 'Đo Hiệu Năng', phone: '0912345678' }),
  });
  return cookie;
}

export async function measureUploads(photos = 50): Promise<UploadBenchResult> {
  // A 12 MP photo with texture, so JPEG sizes are like a phone's (several MB).
  const photo = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#b85',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
  const server = await startServer();
  try {
    const cookie = await signInAsOwner(server.base, server.log);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: photos }, async () => {
        const form = new FormData();
        form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        const response = await fetch(`${server.base}/api/uploads?use=post`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        if (response.status !== 201)
          console.error(response.status, (await response.text()).slice(0, 200));
        return response.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      photos,
      photoBytes: photo.length,
      seconds: Math.round(seconds * 10) / 10,
      photosPerSecond: Math.round((photos / seconds) * 10) / 10,
      peakRssMb: peakRssMb(servingPid(server.child.pid!)),
      failures: results.filter((status) => status !== 201).length,
    };
  } finally {
    await server.stop();
  }
}
