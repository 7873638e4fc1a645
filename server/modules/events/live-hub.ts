import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '#shared/schemas/events';
import type { AppDatabase } from '../../db/database.ts';
import type { BusMessage } from '../../db/event-bus.ts';
import { mayManageAcademy } from '../../policies/admin-tools.ts';
import { latestLogIds } from './events.repository.ts';
import { type AudienceTest, type Recipient, resolveAudience } from './live-audience.ts';

/** One open `/api/events` stream. */
export interface LiveStream extends Recipient {
  response: ServerResponse;
  /** Asks again: null while the stream's person may still be here, else why not (whyStreamEnds). */
  whyEnds(): Promise<{ message: string | null } | null>;
}

interface SentMessage {
  id: string;
  /** Its place in this hub's order: the `since` a page's reads are compared with. */
  seq: number;
  /** The message as written to every stream it reaches: serialised once. */
  text: string;
  test: AudienceTest;
  at: number;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  /** How many past messages a reconnecting browser can catch up on, and for how long. */
  replayCount?: number;
  replayMs?: number;
  /** How often the logs are looked at while an admin has the app open. */
  logWatchMs?: number;
}

// A browser that stops reading (a phone gone to sleep on a bad network) is dropped, not buffered.
const MAX_BUFFERED_BYTES = 1 << 20;

/** Where a stream should start: after a message it saw, or after a point the page read at. */
export interface StreamStart {
  lastEventId?: string | undefined;
  since?: string | undefined;
}

/** One SSE message. Without an id the browser keeps its last one, to send back on reconnect. */
function eventText(id: string | undefined, event: LiveEvent): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return `${idLine}data: ${JSON.stringify(event)}\n\n`;
}

/**
 * The open event streams of this process. Bus messages are handled one at a time, in bus order:
 * each message's audience is resolved once when it is sent (privacy and roles as they are
 * then), written to the streams it lets through, and kept for a few minutes so that a browser
 * reconnecting with `Last-Event-ID` receives what it missed.
 */
export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly recent: SentMessage[] = [];
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly replayCount: number;
  private readonly replayMs: number;
  private readonly logWatch: NodeJS.Timeout;
  private lastLogIds: string | undefined;
  /** Names this hub's order; a new one after the bus lost messages, so older points resync. */
  private epoch = newEpoch();
  /** How many messages this hub has received in this epoch. */
  private received = 0;

  constructor(
    private readonly database: AppDatabase,
    private readonly log: FastifyBaseLogger,
    options: LiveHubOptions = {},
  ) {
    this.replayCount = options.replayCount ?? 1_000;
    this.replayMs = options.replayMs ?? 5 * 60_000;
    this.unsubscribe = database.events.subscribe({
      message: (message) => this.enqueue(() => this.dispatch(message)),
      gap: () => this.enqueue(async () => this.forgetAndResync()),
    });
    this.heartbeat = setInterval(() => this.ping(), options.heartbeatMs ?? 25_000);
    this.heartbeat.unref();
    this.logWatch = setInterval(
      () => void this.enqueue(() => this.watchLogs()),
      options.logWatchMs ?? 3_000,
    );
    this.logWatch.unref();
  }

  /** How many event streams this process has open now (the metrics read it). */
  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Where this hub is in its order, as `since` takes it: a request that reads after noting it
   * has seen at least every message received before then (messages are received after their
   * change was committed).
   */
  position(): string {
    return `${this.epoch}.${this.received}`;
  }

  /**
   * Adds a stream, first replaying what it missed: since `lastEventId` (a reconnect), or since
   * `since` (a position the page's reads were made at, so that what changed between those
   * reads and this stream is not lost), or telling it to read everything again when that is no
   * longer known. Runs in bus order, so nothing is sent twice or skipped between the replay and
   * the live messages.
   */
  open(stream: LiveStream, start: StreamStart = {}): Promise<void> {
    return this.enqueue(async () => {
      // Arrived while the server was stopping: end it, or the server would wait for it forever.
      if (this.closed) {
        stream.response.end();
        return;
      }
      const missed = this.missedSince(start);
      if (missed === undefined) {
        this.write(stream, this.newestId(), { type: 'resync' });
      } else {
        for (const message of missed) {
          if (message.test(stream)) this.send(stream, message.text);
        }
      }
      this.streams.add(stream);
      stream.response.on('close', () => this.streams.delete(stream));
    });
  }

  /** The kept messages after the stream's start, or undefined when some are no longer kept. */
  private missedSince({ lastEventId, since }: StreamStart): SentMessage[] | undefined {
    if (lastEventId !== undefined) {
      const from = this.recent.findIndex((message) => message.id === lastEventId);
      return from === -1 ? undefined : this.recent.slice(from + 1);
    }
    if (since === undefined) return [];
    const [epoch, seen] = since.split('.');
    const count = Number(seen);
    const oldestKept = this.recent[0]?.seq ?? this.received + 1;
    if (epoch !== this.epoch || count > this.received || count + 1 < oldestKept) return undefined;
    return this.recent.filter((message) => message.seq > count);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, 'live event handling failed');
    });
    this.queue = run;
    return run;
  }

  private async dispatch({ id, event, audience }: BusMessage) {
    // Between server processes only: not a point in the browsers' order of events.
    if (event.type === 'sessions.deleted') return;
    const test = await resolveAudience(this.database.db, audience);
    const now = Date.now();
    const text = eventText(id, event);
    this.received += 1;
    this.recent.push({ id, seq: this.received, text, test, at: now });
    while (
      this.recent.length > this.replayCount ||
      (this.recent.length > 0 && this.recent[0]!.at < now - this.replayMs)
    ) {
      this.recent.shift();
    }
    for (const stream of this.streams) {
      if (test(stream)) this.send(stream, text);
    }
    // Who may still be here: the person changed (blocked, role) or the rules did (access, guests).
    const affected =
      event.type === 'config.updated'
        ? [...this.streams]
        : event.type === 'person.updated'
          ? [...this.streams].filter((stream) => stream.personId === event.personId)
          : [];
    await Promise.all(affected.map((stream) => this.recheck(stream)));
  }

  private async recheck(stream: LiveStream) {
    const ending = await stream.whyEnds();
    if (ending) this.end(stream, ending.message);
  }

  private end(stream: LiveStream, message: string | null = null) {
    this.write(stream, undefined, {
      type: 'session.ended',
      ...(message ? { message } : {}),
    });
    this.streams.delete(stream);
    stream.response.end();
  }

  private forgetAndResync() {
    this.recent.length = 0;
    this.epoch = newEpoch();
    this.received = 0;
    for (const stream of this.streams) this.write(stream, undefined, { type: 'resync' });
  }

  private newestId(): string | undefined {
    return this.recent.at(-1)?.id;
  }

  private write(stream: LiveStream, id: string | undefined, event: LiveEvent) {
    this.send(stream, eventText(id, event));
  }

  private send(stream: LiveStream, text: string) {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      this.streams.delete(stream);
      response.destroy();
      return;
    }
    response.write(text);
  }

  /**
   * Tells this process's admins when the activity or error log has new entries. Log entries are
   * written inside many transactions (and by failures that have none), so instead of each
   * writer announcing after its commit, the logs' newest ids are looked at every few seconds —
   * only while an admin is connected — and each process tells its own streams.
   */
  private async watchLogs() {
    const admins = [...this.streams].filter(mayManageAcademy);
    if (admins.length === 0) {
      this.lastLogIds = undefined;
      return;
    }
    const ids = await latestLogIds(this.database.db);
    // The first look after admins connect also counts as news: what was written between their
    // reading the logs and now is not missed.
    if (this.lastLogIds === ids) return;
    this.lastLogIds = ids;
    const text = eventText(undefined, { type: 'logs.updated' });
    for (const stream of admins) this.send(stream, text);
  }

  private ping() {
    for (const stream of this.streams) this.send(stream, ': ping\n\n');
  }

  /** Ends every stream (the server is stopping): browsers reconnect to another process. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.logWatch);
    this.unsubscribe();
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
  }
}

function newEpoch(): string {
  return randomBytes(6).toString('base64url');
}
