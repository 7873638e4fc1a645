import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';

/*
 * What the command line asks of systemd about the service it upgrades: actions, the unit's
 * restarts and failed state, and where its socket listens. Each answers undefined where
 * systemctl cannot tell, for the caller to fall back on health or PORT.
 */

/** `host:port` of the service's socket unit's first stream, as systemd reports it. */
export function socketAddress(service: string): string | undefined {
  const run = spawnSync(
    'systemctl',
    ['show', `${service}.socket`, '--property=Listen', '--value'],
    {
      encoding: 'utf8',
    },
  );
  if (run.error || run.status !== 0) return undefined;
  return listenedAddress(run.stdout);
}

/**
 * The address in systemd's `Listen=` value ("127.0.0.1:3000 (Stream)", "[::1]:3000 (Stream)",
 * "3000 (Stream)" for every address), or undefined for none or a Unix socket.
 */
export function listenedAddress(listen: string): string | undefined {
  const stream = /^(\S+) \(Stream\)$/m.exec(listen.trim())?.[1];
  if (!stream || stream.startsWith('/')) return undefined;
  if (/^\d+$/.test(stream)) return `127.0.0.1:${stream}`;
  return stream.replace(/^0\.0\.0\.0:/, '127.0.0.1:').replace(/^\[::\]:/, '[::1]:');
}

/**
 * The unit's automatic restarts so far and whether systemd gave up on it, or undefined where
 * systemctl cannot tell (then health alone decides).
 */
export function unitState(service: string): { restarts: number; failed: boolean } | undefined {
  const run = spawnSync('systemctl', ['show', service, '--property=NRestarts,ActiveState'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) return undefined;
  const values = new Map(
    run.stdout
      .split('\n')
      .map((line) => line.split('='))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
  const restarts = Number(values.get('NRestarts'));
  if (!Number.isSafeInteger(restarts)) return undefined;
  return { restarts, failed: values.get('ActiveState') === 'failed' };
}

/** Runs `systemctl action units…`; undefined when it went through, else what it said. */
export function systemctl(action: string, ...units: string[]): string | undefined {
  const run = spawnSync('systemctl', [action, ...units], { encoding: 'utf8' });
  if (run.status === 0) return undefined;
  return fillPlaceholders(cli.release.serviceFailed, {
    action,
    service: units.join(' '),
    reason: lastLine(run),
  });
}

export function lastLine(run: SpawnSyncReturns<string>): string {
  const text = `${run.stderr ?? ''}\n${run.stdout ?? ''}`.trim();
  return (
    text.split('\n').filter(Boolean).pop() ?? run.error?.message ?? `exit ${String(run.status)}`
  );
}
