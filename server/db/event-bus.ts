import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LiveEvent } from '#shared/schemas/events';

/**
 * Who may receive an event, decided when it is sent (so a privacy setting changed a moment
 * before is honoured): everyone who may read (guests too while guest mode is on), staff,
 * admins, named people, staff plus named people, or whoever may see a post at that moment.
 */
export type Audience =
  | { kind: 'everyone' }
  | { kind: 'staff' }
  | { kind: 'admins' }
  | { kind: 'people'; ids: string[] }
  | { kind: 'staff-and'; ids: string[] }
  | { kind: 'post'; postId: string };

/**
 * Told to every server process and never to a browser: sessions were deleted (a sign-out, a
 * revoked or deleted account), so what a process remembers of sessions may be stale.
 */
export type ServerEvent = { type: 'sessions.deleted' };

export type BusEvent = LiveEvent | ServerEvent;

export interface BusMessage {
  /** Unique across server processes: the SSE id a browser sends back after a reconnect. */
  id: string;
  event: BusEvent;
  audience: Audience;
}

export interface BusListener {
  /**
   * This process published the event: told at once, before any process receives it, so that
   * the publisher's own next request already sees the change.
   */
  published?(event: BusEvent): void;
  message(message: BusMessage): void;
  /** Messages may have been lost (the LISTEN connection dropped): browsers must read again. */
  gap(): void;
}

/**
 * One event bus per server process. Services publish after their transaction commits; every
 * process's subscribers receive every message, in the same order on every process.
 */
export interface EventBus {
  /** Never throws: a lost event costs a refresh, not the write that was already committed. */
  publish(event: BusEvent, audience: Audience): Promise<void>;
  subscribe(listener: BusListener): () => void;
  /** Whether this process published the message (work done once, such as sending push). */
  isOwn(message: BusMessage): boolean;
  /** Where publish and listen failures are reported (the server's log). */
  onError: (error: unknown) => void;
  close(): Promise<void>;
}

const CHANNEL = 'hv_events';
// PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more.
const MAX_PAYLOAD_BYTES = 7_900;

abstract class BaseBus implements EventBus {
  protected readonly listeners = new Set<BusListener>();
  // Unique per process start: a message id says which process published it.
  private readonly origin = randomBytes(6).toString('base64url');
  private sequence = 0;
  onError: (error: unknown) => void = () => {};

  abstract publish(event: BusEvent, audience: Audience): Promise<void>;

  protected nextId(): string {
    return `${this.origin}-${(++this.sequence).toString(36)}`;
  }

  isOwn(message: BusMessage): boolean {
    return message.id.startsWith(`${this.origin}-`);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    this.started();
    return () => {
      this.listeners.delete(listener);
    };
  }

  protected started(): void {}

  protected notePublished(event: BusEvent) {
    for (const listener of this.listeners) {
      try {
        listener.published?.(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  protected deliver(message: BusMessage) {
    for (const listener of this.listeners) {
      try {
        listener.message(message);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** One process (the SQLite default): delivery in memory, after the publisher's turn. */
export class InProcessBus extends BaseBus {
  async publish(event: BusEvent, audience: Audience): Promise<void> {
    this.notePublished(event);
    const message = { id: this.nextId(), event, audience };
    queueMicrotask(() => this.deliver(message));
  }
}

/**
 * Several processes on one PostgreSQL: NOTIFY after commit, and one LISTEN connection per
 * process, opened when the first subscriber arrives. A process's own messages come back through
 * LISTEN too, so every process sees one order. A dropped LISTEN connection is reopened and
 * reported as a gap.
 */
export class PostgresBus extends BaseBus {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private listening: Promise<void> = Promise.resolve();
  private waiting: string[] = [];
  private nextSend: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    super();
  }

  async publish(event: BusEvent, audience: Audience): Promise<void> {
    this.notePublished(event);
    let payload = JSON.stringify({ id: this.nextId(), event, audience } satisfies BusMessage);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      // Too many named recipients for one NOTIFY: everyone re-reads instead (ids only, no leak).
      const resync: BusMessage = {
        id: this.nextId(),
        event: { type: 'resync' },
        audience: { kind: 'everyone' },
      };
      payload = JSON.stringify(resync);
    }
    this.waiting.push(payload);
    if (this.waiting.length === 1) {
      this.nextSend = new Promise((resolve) => setImmediate(() => resolve(this.sendWaiting())));
    }
    return this.nextSend;
  }

  /**
   * Every message published in one turn of the event loop goes in one statement, in the order
   * they were published: a round trip to PostgreSQL costs more than the NOTIFY itself, and
   * under load each turn finishes many requests' writes.
   */
  private async sendWaiting(): Promise<void> {
    const payloads = this.waiting;
    this.waiting = [];
    try {
      await this.pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        CHANNEL,
        payloads,
      ]);
    } catch (error) {
      this.onError(error);
    }
  }

  protected override started(): void {
    if (!this.client && !this.reconnectTimer && !this.closed) this.listening = this.listen();
  }

  private async listen() {
    const client = new pg.Client({ connectionString: this.connectionString });
    this.client = client;
    const dropped = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.onError(error);
      client.end().catch(() => {});
      if (this.closed) return;
      for (const listener of this.listeners) listener.gap();
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.listeners.size > 0) this.listening = this.listen();
      }, 1_000);
    };
    client.on('error', dropped);
    client.on('end', () => dropped());
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      try {
        this.deliver(JSON.parse(notification.payload) as BusMessage);
      } catch (error) {
        this.onError(error);
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      dropped(error);
    }
  }

  /** Resolves once this process is listening: tests wait for it before publishing elsewhere. */
  async ready(): Promise<void> {
    this.started();
    await this.listening;
  }

  override async close(): Promise<void> {
    this.closed = true;
    // What was published before closing still goes out, before the pool ends.
    await this.nextSend;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await super.close();
    await client?.end().catch(() => {});
  }
}
