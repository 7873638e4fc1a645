import { describe, expect, it } from 'vitest';
import { takeInheritedSocket } from './socket-activation.ts';

describe('the socket systemd passes', () => {
  it('is descriptor 3 when passed to this very process, and the variables are taken away', () => {
    const env: NodeJS.ProcessEnv = { LISTEN_PID: '42', LISTEN_FDS: '1', LISTEN_FDNAMES: 'web' };
    expect(takeInheritedSocket(env, 42)).toBe(3);
    expect(env).toEqual({});
  });

  it('is none when the variables name another process, or no socket', () => {
    expect(takeInheritedSocket({ LISTEN_PID: '41', LISTEN_FDS: '1' }, 42)).toBeUndefined();
    expect(takeInheritedSocket({ LISTEN_PID: '42', LISTEN_FDS: '0' }, 42)).toBeUndefined();
    expect(takeInheritedSocket({}, 42)).toBeUndefined();
  });
});
