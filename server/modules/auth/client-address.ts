import type { FastifyRequest } from 'fastify';

/*
 * better-auth keys its rate limits on the client address it reads from a header. The server
 * sets that header itself from Fastify's `request.ip` (which applies TRUST_PROXY's hops), after
 * dropping any copy a client sent: without it every client shares one bucket, and ten wrong
 * passwords a minute would lock everyone out of password sign-in.
 */
export const CLIENT_ADDRESS_HEADER = 'x-hoc-vien-client-address';

/** The request's headers for better-auth, with the client address the server determined. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_ADDRESS_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}
