import type { LiveEvent } from '#shared/schemas/events';

export interface ReceivedEvent {
  id: string | undefined;
  event: LiveEvent;
}

export interface TestEventStream {
  status: number;
  received: ReceivedEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Waits a moment and says whether any event matching arrived (for "never receives"). */
  receivedWithin(match: (event: LiveEvent) => boolean, waitMs?: number): Promise<boolean>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * An `/api/events` stream read over real HTTP (app.inject cannot stream), parsed the way a
 * browser's EventSource does: blank-line separated blocks of `id:` and `data:` lines.
 */
export async function openTestEventStream(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string; since?: string } = {},
): Promise<TestEventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const query = options.since === undefined ? '' : `?since=${encodeURIComponent(options.since)}`;
  const response = await fetch(`${baseUrl}/api/events${query}`, {
    headers,
    signal: controller.signal,
  });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let endStream: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    endStream = resolve;
  });

  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            const data = lines.find((line) => line.startsWith('data: '));
            if (data) {
              const id = lines.find((line) => line.startsWith('id: '))?.slice(4);
              received.push({ id, event: JSON.parse(data.slice(6)) as LiveEvent });
              for (const wake of waiters) wake();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
      endStream();
    })();
  } else {
    endStream();
  }

  const next = (match: (event: LiveEvent) => boolean, timeoutMs = 3_000) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        const found = received.find((item) => match(item.event));
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    status: response.status,
    received,
    next,
    receivedWithin: (match, waitMs = 300) =>
      next(match, waitMs).then(
        () => true,
        () => false,
      ),
    ended,
    close: () => controller.abort(),
  };
}
