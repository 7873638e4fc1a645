// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouterProvider } from './router-now.tsx';
import { useSearchText } from './use-screen-params.ts';

function SearchScreen() {
  const [text, setText, settled, keep] = useSearchText();
  return (
    <>
      <input
        aria-label="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={keep}
      />
      <output>{settled}</output>
    </>
  );
}

/** A router whose `/other` screen's code arrives only when the test lets it. */
function routerWithSlowScreen(initialEntries: string[]) {
  let arrive = () => {};
  const codeArrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchScreen /> },
      { path: '/near', element: <p>near screen</p> },
      {
        path: '/other',
        lazy: async () => {
          await codeArrived;
          return { element: <p>other screen</p> };
        },
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  return { router, arrive };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a search box's text kept in the address", () => {
  afterEach(cleanup);

  it('writes the text to the address once typing pauses', async () => {
    const { router } = routerWithSlowScreen(['/search']);
    render(<AppRouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'mai' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=mai'));
    expect(router.state.location.pathname).toBe('/search');
  });

  it('does not pull the person back when they leave while typing, before the next screen has loaded', async () => {
    // Typed, then left at once without the box losing focus (the hardware back button): the
    // next screen's code is still on its way when the pause in typing ends.
    const { router, arrive } = routerWithSlowScreen(['/other', '/search']);
    render(<AppRouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'mai' } });
    // React schedules as in a browser (not batched by act): the router's own state is the result.
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      void router.navigate(-1);
      await pause(400);
      expect(router.state.location.pathname + router.state.location.search).toBe('/search');
      expect(router.state.navigation.state).toBe('loading');
      arrive();
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
    await screen.findByText('other screen');
    expect(router.state.location.pathname).toBe('/other');
    expect(router.state.navigation.state).toBe('idle');
  });

  it('does not pull the person back when the box loses focus after the router has left, before React has drawn the next screen', async () => {
    const { router } = routerWithSlowScreen(['/search']);
    render(<AppRouterProvider router={router} />);
    const box = screen.getByLabelText('search');
    fireEvent.change(box, { target: { value: 'mai' } });
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      // A screen with no code to load: the router is there at once, and hands React the change
      // as a transition, drawn later. The box, still on screen, loses focus in between.
      void router.navigate('/near');
      expect(router.state.location.pathname).toBe('/near');
      box.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      expect(router.state.location.pathname + router.state.location.search).toBe('/near');
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
    await screen.findByText('near screen');
    expect(router.state.location.pathname + router.state.location.search).toBe('/near');
  });

  it('keeps the address clear when the search is cleared before its written address was drawn', async () => {
    const { router } = routerWithSlowScreen(['/search']);
    render(<AppRouterProvider router={router} />);
    const box = screen.getByLabelText<HTMLInputElement>('search');
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    try {
      // As a browser delivers them: typing and leaving the box are drawn at once, the router's
      // change of address later, as a transition.
      typeNatively(box, 'mai');
      box.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      expect(router.state.location.search).toBe('?q=mai');
      typeNatively(box, '');
      box.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      await pause(400);
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
    expect(router.state.location.search).toBe('');
    expect(box.value).toBe('');
  });
});

/** A change to the box as the browser makes it, outside React's test batching. */
function typeNatively(box: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(box, value);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}
