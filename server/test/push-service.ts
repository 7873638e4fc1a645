import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error http_ece ships no types; decrypt(buffer, params) is all the tests use.
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface StandInPushService {
  /** `host:port`, for PUSH_EXTRA_SERVICES. */
  host: string;
  received: ReceivedPush[];
  /** An agent that trusts this service's self-signed certificate. */
  agent: https.Agent;
  /** The HTTP status the service answers for a path (201 by default). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A local https server standing in for a browser's push service (web-push sends only over
 * https): records each message and answers 201, or the status set for its path.
 */
export async function startStandInPushService(): Promise<StandInPushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '';
        received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = answer.get(url) ?? 201;
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new https.Agent({ ca: fs.readFileSync(cert) });
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    agent,
    answer,
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's side of a subscription: the keys it hands over, and the means to read a message. */
export function browserPushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    },
    /** Decrypts a received message as the browser would (RFC 8291, aes128gcm). */
    decrypt(body: Buffer): unknown {
      const plain: Buffer = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      });
      return JSON.parse(plain.toString('utf8'));
    },
  };
}
