/**
 * The floor for bench/live.ts: a bare Node HTTP server that holds event streams and, on
 * `POST /fire`, writes the request's body, serialised once, to every one of them. What the
 * product's fan-out costs above this is its own; below this no server on this machine goes.
 * Prints its port once listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const streams = new Set<http.ServerResponse>();

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/events') {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.write('retry: 3000\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && request.url === '/fire') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = Buffer.concat(chunks);
      for (const stream of streams) stream.write(event);
      response.end(String(streams.size));
    });
    return;
  }
  response.writeHead(404).end();
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
