import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The systemd unit an operator installs (deploy/hoc-vien.service): systemd itself reads it
 * without a complaint, and it keeps the properties README promises.
 */
const unit = path.resolve(import.meta.dirname, '../deploy/hoc-vien.service');
const socket = path.resolve(import.meta.dirname, '../deploy/hoc-vien.socket');
const text = fs.readFileSync(unit, 'utf8');

describe('deploy/hoc-vien.service', () => {
  it('passes systemd-analyze verify with nothing to say', () => {
    const verified = spawnSync('systemd-analyze', ['verify', socket, unit], { encoding: 'utf8' });
    expect(verified.error, 'systemd-analyze is not installed (Debian package systemd)').toBe(
      undefined,
    );
    expect(verified.stderr.trim()).toBe('');
    expect(verified.status).toBe(0);
  });

  it('restarts on failure, as its own user, able to write only its data folder', () => {
    for (const line of [
      'Restart=on-failure',
      'User=hoc-vien',
      'ProtectSystem=strict',
      'StateDirectory=hoc-vien',
      'Environment=DATA_DIR=/var/lib/hoc-vien',
      'Environment=MALLOC_ARENA_MAX=2',
      'NoNewPrivileges=true',
      // The socket systemd holds across restarts, and the release's own launcher.
      'Requires=hoc-vien.socket',
      'ExecStart=/bin/sh /opt/hoc-vien/current/bin/hoc-vien serve',
    ]) {
      expect(text.split('\n'), line).toContain(line);
    }
  });

  it('has a socket on the address nginx proxies to', () => {
    const socketText = fs.readFileSync(socket, 'utf8').split('\n');
    expect(socketText).toContain('ListenStream=127.0.0.1:3000');
    const site = fs.readFileSync(
      path.resolve(import.meta.dirname, '../deploy/nginx/hoc-vien.conf'),
      'utf8',
    );
    expect(site).toContain('server 127.0.0.1:3000');
  });
});
