import os from 'node:os';
import pg from 'pg';

/*
 * Which processes are live on an academy's PostgreSQL database, wherever they run. Each server
 * holds a shared advisory lock on a connection of its own for as long as it runs; a restore
 * takes the same lock exclusively, so it is refused while any server is live and no server
 * starts while it runs. The lock belongs to the connection: a server killed with -9, or whose
 * machine is gone, lets go of it as soon as PostgreSQL sees its connection close, and nothing
 * stale is left to clear by hand. The connection's application_name says who holds it, for the
 * refusal to name.
 */

/** The advisory lock key of an academy's live servers (a number the app uses for nothing else). */
const PRESENCE_LOCK = 7_203_417_002;
const APPLICATION_PREFIX = 'hoc-vien';

/** What a connection says of the process that holds it: role, machine and process id. */
function applicationName(role: string): string {
  // PostgreSQL keeps the first 63 bytes of an application_name.
  return `${APPLICATION_PREFIX} ${role} ${os.hostname()} pid ${process.pid}`.slice(0, 63);
}

/** A live process on the academy's database, as a refusal names it. */
export interface LiveHolder {
  name: string;
  address: string | null;
  since: Date;
}

/** A restore is running on the database: a server may not start on it. */
export class AcademyBusyError extends Error {
  constructor(readonly holders: LiveHolder[]) {
    super('a restore holds the academy');
    this.name = 'AcademyBusyError';
  }
}

async function connect(url: string, role: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: applicationName(role),
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // A connection that drops is reported through 'end'; an error must not end the process.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** The processes holding the presence lock (or waiting on it), but this connection's own. */
async function holders(client: pg.Client): Promise<LiveHolder[]> {
  const { rows } = await client.query<{
    name: string;
    address: string | null;
    since: Date;
  }>(
    `select a.application_name as name, host(a.client_addr) as address, a.backend_start as since
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())
        and ((l.classid::bigint << 32) | l.objid::bigint) = $1
        and l.pid <> pg_backend_pid()
      order by a.backend_start`,
    [PRESENCE_LOCK],
  );
  return rows;
}

/**
 * A connection holding the presence lock, shared for a server, alone for a restore; when the
 * lock is not to be had, the connection is closed and `refused` thrown with who holds it.
 */
async function lockedConnection(
  url: string,
  role: 'server' | 'restore',
  refused: (holders: LiveHolder[]) => Error,
): Promise<pg.Client> {
  const client = await connect(url, role);
  try {
    const lock = role === 'server' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
    const { rows } = await client.query<{ held: boolean }>(`select ${lock}($1) as held`, [
      PRESENCE_LOCK,
    ]);
    if (!rows[0]?.held) throw refused(await holders(client));
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}

/**
 * Marks this server live on the database at `url` until the returned function is called. Throws
 * `AcademyBusyError` while a restore holds the academy. When the connection is lost (PostgreSQL
 * restarted, the network dropped), it is made again; `onLost` is told when that finds a restore
 * holding the academy, for the server to stop serving a database being replaced.
 */
export async function holdPresence(
  url: string,
  { onLost, retryMs = 2000 }: { onLost: (error: Error) => void; retryMs?: number },
): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client;
  let timer: NodeJS.Timeout | undefined;
  const take = async () => {
    const next = await lockedConnection(url, 'server', (found) => new AcademyBusyError(found));
    next.once('end', () => {
      if (!closed) timer = setTimeout(again, retryMs);
    });
    client = next;
  };
  const again = () => {
    if (closed) return;
    take().catch((error: unknown) => {
      if (closed) return;
      if (error instanceof AcademyBusyError) onLost(error);
      else timer = setTimeout(again, retryMs);
    });
  };
  await take();
  return async () => {
    closed = true;
    clearTimeout(timer);
    await client.end().catch(() => {});
  };
}

/** Servers are live on the database: a restore may not run. */
export class AcademyLiveError extends Error {
  constructor(readonly holders: LiveHolder[]) {
    super('servers are live on the academy');
    this.name = 'AcademyLiveError';
  }
}

/**
 * Holds the academy's database for a restore: refused with `AcademyLiveError`, naming them,
 * while any server (or another restore) is live on it; meanwhile no server starts on it.
 * Returns how to let go.
 */
export async function holdAcademyAlone(url: string): Promise<() => Promise<void>> {
  const client = await lockedConnection(url, 'restore', (found) => new AcademyLiveError(found));
  return async () => {
    await client.end().catch(() => {});
  };
}

/** How a refusal names the holders: "hoc-vien server may-1 pid 812 (10.0.0.5)". */
export function describeHolders(list: LiveHolder[]): string {
  if (list.length === 0) return '—';
  return list
    .map((holder) => (holder.address ? `${holder.name} (${holder.address})` : holder.name))
    .join(', ');
}
