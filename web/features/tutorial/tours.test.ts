import { describe, expect, it } from 'vitest';
import { vi } from '#shared/locales/vi';
import { messageAt } from '../../lib/messages.ts';
import { TOURS } from './tours.ts';

describe('the tours', () => {
  it('name a catalogue text for every title and content', () => {
    const keys = Object.values(TOURS).flatMap((steps) =>
      steps.flatMap((step) => [step.title, step.content]),
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(messageAt(vi, key), key).toBeTruthy();
  });
});
