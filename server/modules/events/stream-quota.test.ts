import { describe, expect, it } from 'vitest';
import { StreamQuota } from './stream-quota.ts';

describe('StreamQuota', () => {
  it('caps streams per person and per client address; a release frees one place, once', () => {
    const quota = new StreamQuota(2, 3);
    const first = quota.admit('lan', '10.0.0.1');
    quota.admit('lan', '10.0.0.1');
    expect(() => quota.admit('lan', '10.0.0.2')).toThrow(
      expect.objectContaining({ code: 'too_many_streams', statusCode: 429 }),
    );
    // Guests (no person) count against their address only.
    quota.admit(null, '10.0.0.1');
    expect(() => quota.admit(null, '10.0.0.1')).toThrow(
      expect.objectContaining({ code: 'too_many_streams' }),
    );
    expect(() => quota.admit('hoa', '10.0.0.1')).toThrow();
    first();
    first();
    quota.admit('hoa', '10.0.0.1');
    expect(() => quota.admit('hoa', '10.0.0.1')).toThrow();
  });
});
