import http from 'node:http';

export interface RawAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => { error: { code: string } };
}

/**
 * A request over a real socket to the app listening on `port`, its path sent exactly as written
 * (`app.inject` would normalise it). `body` is sent as JSON unless it is a Buffer.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const payload =
      options.body === undefined
        ? undefined
        : Buffer.isBuffer(options.body)
          ? options.body
          : JSON.stringify(options.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        // A fresh connection each time: the server may close one after refusing its body.
        agent: false,
        port,
        method,
        path,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
