import { Accepted } from '#shared/schemas/client-errors';
import { apiRequest } from './api-client.ts';

/** Sends a failure of the web app to the server's error log; never throws. */
export function reportClientError(context: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  void apiRequest('/client-errors', {
    method: 'POST',
    body: {
      context: context.slice(0, 200),
      message: message.slice(0, 2000),
      extra: { url: window.location.href.slice(0, 500) },
    },
    schema: Accepted,
  }).catch(() => {});
}
