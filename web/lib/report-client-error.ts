import { limits } from '#shared/limits';
import type { ClientErrorReport } from '#shared/schemas/client-errors';
import { answer, api } from './api-client.ts';

/**
 * The screen the failure happened on, without its query: sign-in and reset links carry their
 * token there (`#/finishLogin?token=…`), and the error log is read by people.
 */
function pageWithoutQuery(): string {
  const { origin, pathname, hash } = window.location;
  return `${origin}${pathname}${hash.split('?')[0]}`;
}

/** Sends a failure of the web app to the server's error log; never throws. */
export function reportClientError(context: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const report: ClientErrorReport = {
    context: context.slice(0, 200),
    message: message.slice(0, limits.clientErrorMessageChars) || 'unknown',
    extra: { url: pageWithoutQuery().slice(0, 500) },
  };
  void answer(api.POST('/client-errors', { body: report })).catch(() => {});
}
