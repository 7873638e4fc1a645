import { describe, expect, it } from 'vitest';
import { listenedAddress } from './systemd.ts';

describe('the health address an upgrade asks', () => {
  it.each([
    ['127.0.0.1:3000 (Stream)', '127.0.0.1:3000'],
    ['10.0.0.11:8080 (Stream)', '10.0.0.11:8080'],
    ['0.0.0.0:3000 (Stream)', '127.0.0.1:3000'],
    ['[::]:3000 (Stream)', '[::1]:3000'],
    ['3000 (Stream)', '127.0.0.1:3000'],
  ])('is where the socket unit listens: %s', (listen, address) => {
    expect(listenedAddress(listen)).toBe(address);
  });

  it.each(['', '/run/hoc-vien.sock (Stream)', '127.0.0.1:53 (Datagram)'])(
    'is PORT’s when the unit has no stream address: %o',
    (listen) => {
      expect(listenedAddress(listen)).toBeUndefined();
    },
  );
});
