// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LazyModule, lazyModule, useLazyModule } from './lazy-module.ts';

afterEach(cleanup);

describe('lazyModule', () => {
  it('fetches once, however many ask, and keeps what arrived', async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const module = lazyModule(importer);
    expect(module.current()).toBeUndefined();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(module.current()).toEqual({ answer: 42 });
  });

  it('tries again after a failed fetch', async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ answer: 7 });
    const module = lazyModule(importer);
    await expect(module.load()).rejects.toThrow('Failed to fetch');
    await expect(module.load()).resolves.toEqual({ answer: 7 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

function Consumer({ module }: { module: LazyModule<{ label: string }> }) {
  const { module: loaded, load } = useLazyModule(module);
  return loaded ? (
    <p>{loaded.label}</p>
  ) : (
    <button type="button" onClick={load}>
      stand-in
    </button>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

describe('useLazyModule', () => {
  it('shows the stand-in until asked, even when the module has arrived already', async () => {
    const importer = vi.fn(async () => ({ label: 'the real menu' }));
    const module = lazyModule(importer);
    await module.load();
    render(<Consumer module={module} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('button', { name: 'stand-in' })).toBeTruthy();
    expect(screen.queryByText('the real menu')).toBeNull();
    act(() => screen.getByRole('button', { name: 'stand-in' }).click());
    expect(await screen.findByText('the real menu')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('fetches at once when asked, before the browser is idle', async () => {
    vi.useFakeTimers();
    try {
      let arrive = (_value: { label: string }) => {};
      const module = lazyModule(
        () =>
          new Promise<{ label: string }>((resolve) => {
            arrive = resolve;
          }),
      );
      render(<Consumer module={module} />);
      act(() => screen.getByRole('button', { name: 'stand-in' }).click());
      await act(async () => arrive({ label: 'the real menu' }));
      expect(screen.getByText('the real menu')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('throws a failed fetch it was asked for to the error boundary, as React lazy does', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const module = lazyModule<{ label: string }>(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    render(
      <Boundary>
        <Consumer module={module} />
      </Boundary>,
    );
    act(() => screen.getByRole('button', { name: 'stand-in' }).click());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Failed to fetch/));
  });
});
