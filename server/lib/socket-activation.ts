/*
 * systemd's socket activation (sd_listen_fds(3)): systemd opens the listening socket, keeps it
 * across the server's restarts, and hands it to each new process as file descriptor 3 with
 * LISTEN_FDS and LISTEN_PID set. Connections that arrive while the server restarts wait in the
 * socket's queue instead of being refused, so the proxy in front never answers 502 for them.
 */

/** The first descriptor systemd passes (SD_LISTEN_FDS_START). */
const FIRST_FD = 3;

/**
 * The listening socket's descriptor when systemd passed one to this very process, else
 * undefined (then the server opens HOST:PORT itself). The variables are removed once read, so a
 * process this one starts does not take them for its own.
 */
export function takeInheritedSocket(
  env: NodeJS.ProcessEnv = process.env,
  pid = process.pid,
): number | undefined {
  const forThisProcess = env.LISTEN_PID === String(pid);
  const count = Number(env.LISTEN_FDS);
  delete env.LISTEN_PID;
  delete env.LISTEN_FDS;
  delete env.LISTEN_FDNAMES;
  if (!forThisProcess || !Number.isInteger(count) || count < 1) return undefined;
  return FIRST_FD;
}
