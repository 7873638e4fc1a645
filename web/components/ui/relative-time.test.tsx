// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from './relative-time.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 22, 5, 0, 10));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a relative time', () => {
  it('keeps itself current while shown, with the full date as its title', () => {
    const posted = Date.now() - 20_000;
    render(<RelativeTime time={posted} />);
    const time = screen.getByText('vừa xong');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe(new Date(posted).toISOString());
    expect(time.getAttribute('title')).toContain('2026');

    act(() => vi.advanceTimersByTime(60_000));
    expect(time.textContent).toBe('1 phút trước');
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(time.textContent).toBe('5 phút trước');
  });

  it('shares one timer among all shown times and stops it when none is left', () => {
    const { unmount } = render(
      <>
        <RelativeTime time={Date.now()} />
        <RelativeTime time={Date.now() - 3_600_000} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
