import type { EventEmitter } from 'node:events';

export interface LastResortDeps {
  /** Writes the failure to the log and the error-log table; never throws. */
  record(error: unknown, origin: string): Promise<void>;
  exit(code: number): void;
  /** How long the error log may take before the process exits anyway. */
  graceMs?: number;
}

/*
 * The last resort: a failure no request handler took is written down, and the process exits
 * with status 1 for its supervisor (systemd's Restart=on-failure) to start a clean one. A
 * process that served on after an unknown failure could go on serving it wrongly.
 */
export function installLastResort(target: EventEmitter, deps: LastResortDeps): void {
  let failing = false;
  const handle = (error: unknown, origin: string) => {
    if (failing) return;
    failing = true;
    const timer = setTimeout(() => deps.exit(1), deps.graceMs ?? 2_000);
    timer.unref?.();
    void deps.record(error, origin).finally(() => {
      clearTimeout(timer);
      deps.exit(1);
    });
  };
  target.on('uncaughtException', (error) => handle(error, 'uncaughtException'));
  target.on('unhandledRejection', (reason) => handle(reason, 'unhandledRejection'));
}
