import type { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { vi } from '#shared/locales/vi';

/** A failed API call, carrying the server's code and Vietnamese message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The response schema from shared/schemas: the answer is checked and typed by it. */
  schema: T;
  signal?: AbortSignal;
}

/**
 * Calls the API with the session cookie and parses the answer with the same zod schema the
 * server declared. Network failures become the catalogue's network message.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<T>,
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', vi.errors.network);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(payload);
    if (parsed.success) {
      const { code, message, requestId } = parsed.data.error;
      throw new ApiError(response.status, code, message, requestId);
    }
    throw new ApiError(response.status, 'internal_error', vi.errors.internal_error);
  }
  return schema.parse(payload);
}
