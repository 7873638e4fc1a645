// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, ToastViewport, useToast } from './toast.tsx';

function Trigger({ message, type }: { message: string; type?: 'success' | 'error' }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(message, type)}>
      show
    </button>
  );
}

function renderToasts(message = 'Đã lưu.', type?: 'success' | 'error') {
  render(
    <ToastProvider>
      <Trigger message={message} {...(type ? { type } : {})} />
      <ToastViewport />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('are info unless said otherwise, and dismiss themselves after 5000 ms', () => {
    renderToasts();
    const toast = screen.getByTestId('toast');
    expect(toast.dataset.type).toBe('info');
    expect(toast.textContent).toContain('Đã lưu.');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('stay while the pointer is over them, then leave after half the time', () => {
    renderToasts('Lỗi.', 'error');
    const toast = screen.getByTestId('toast');
    expect(toast.getAttribute('role')).toBe('alert');
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(2499));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('close by hand', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Đóng thông báo' }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('show words already on screen once, and again after they have gone', () => {
    renderToasts('Quyền truy cập của học viên hiện đang bị tắt.', 'error');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByTestId('toast')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it('cannot be used outside their provider (a developer error)', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(
      'useToast must be used inside <ToastProvider>',
    );
    quiet.mockRestore();
  });
});
