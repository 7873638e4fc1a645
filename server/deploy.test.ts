import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The systemd unit an operator installs (deploy/hoc-vien.service): systemd itself reads it
 * without a complaint, and it keeps the properties README promises.
 */
const unit = path.resolve(import.meta.dirname, '../deploy/hoc-vien.service');
const text = fs.readFileSync(unit, 'utf8');

describe('deploy/hoc-vien.service', () => {
  it('passes systemd-analyze verify with nothing to say', () => {
    const verified = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
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
    ]) {
      expect(text.split('\n'), line).toContain(line);
    }
  });
});
