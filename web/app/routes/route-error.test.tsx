// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from './route-error.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFailingRoute(error: Error) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const reports: unknown[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    reports.push(await request.json());
    return new Response('{"accepted":true}', { status: 202 });
  });
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorScreen />,
      loader: () => {
        throw error;
      },
      element: <p>never</p>,
    },
  ]);
  render(<RouterProvider router={router} />);
  return reports;
}

describe('the router error screen', () => {
  it('is titled "Unexpected Application Error!" and reports the failure', async () => {
    const reports = renderFailingRoute(new Error('boom'));
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tải lại trang' })).toBeTruthy();
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ context: 'route: render', message: 'Error: boom' });
  });

  it('offers the new version when a screen file failed to load while online', async () => {
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(await screen.findByRole('button', { name: 'Cập nhật ngay' })).toBeTruthy();
  });
});
