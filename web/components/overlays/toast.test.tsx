// @vitest-environment happy-dom
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  within,
} from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SheetMessages, ToastProvider, ToastViewport, useToast } from './toast.tsx';

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

/** A screen that says a failure or a success, with a sheet open or not. */
function Say() {
  const { showToast } = useToast();
  return (
    <>
      <button type="button" onClick={() => showToast('Thêm giảng viên thất bại.', 'error')}>
        fail
      </button>
      <button
        type="button"
        onClick={() => showToast('Thêm giảng viên thất bại. Lần hai.', 'error')}
      >
        fail again
      </button>
      <button type="button" onClick={() => showToast('Đã lưu.', 'success')}>
        succeed
      </button>
    </>
  );
}
function App({ sheetOpen }: { sheetOpen: boolean }) {
  return (
    <ToastProvider>
      <Say />
      {sheetOpen ? (
        <section data-testid="sheet">
          <SheetMessages />
        </section>
      ) : null}
      <ToastViewport />
    </ToastProvider>
  );
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

  describe('with a sheet open', () => {
    const inSheet = () => within(screen.getByTestId('sheet')).queryAllByTestId('toast');
    const inCorner = () => within(screen.getByTestId('toast-region')).queryAllByTestId('toast');

    it('say a failure inside the sheet, one at a time, until closed by hand', () => {
      render(<App sheetOpen />);
      fireEvent.click(screen.getByRole('button', { name: 'fail' }));
      expect(inSheet().map((toast) => toast.textContent)).toEqual(['Thêm giảng viên thất bại.']);
      expect(inCorner()).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'fail again' }));
      expect(inSheet().map((toast) => toast.textContent)).toEqual([
        'Thêm giảng viên thất bại. Lần hai.',
      ]);
      // It covers nothing there, so it waits to be read.
      act(() => vi.advanceTimersByTime(60_000));
      expect(inSheet()).toHaveLength(1);
      fireEvent.click(
        within(screen.getByTestId('sheet')).getByRole('button', { name: 'Đóng thông báo' }),
      );
      expect(inSheet()).toHaveLength(0);
    });

    it('say a success in the corner, and a failure said as the sheet closes there too', () => {
      const { rerender } = render(<App sheetOpen />);
      fireEvent.click(screen.getByRole('button', { name: 'succeed' }));
      expect(inCorner()).toHaveLength(1);
      expect(inSheet()).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'fail' }));
      rerender(<App sheetOpen={false} />);
      expect(inCorner().map((toast) => toast.textContent)).toContain('Thêm giảng viên thất bại.');
    });

    it('drop a failure she has had time to read when the sheet closes', () => {
      const { rerender } = render(<App sheetOpen />);
      fireEvent.click(screen.getByRole('button', { name: 'fail' }));
      act(() => vi.advanceTimersByTime(10_000));
      rerender(<App sheetOpen={false} />);
      expect(inCorner()).toHaveLength(0);
    });
  });
});
