// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The spotlight's code arrives when the test lets it: what a phone on a slow connection sees.
const code = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./spotlight.tsx', async () => {
  await code.arrived;
  return {
    Spotlight: ({ state }: { state: { active: { key: string } | null; step: number } }) => (
      <p>
        tour {state.active?.key} step {state.step + 1}
      </p>
    ),
  };
});

const { TutorialProvider, useScreenTour } = await import('./tutorial.tsx');

function FeedScreen() {
  useScreenTour('activity');
  return <p>feed</p>;
}

/** The feed, and a way to leave it (to another screen without a tour). */
function App() {
  const [onFeed, setOnFeed] = useState(true);
  return (
    <TutorialProvider personId="person-1">
      {onFeed ? <FeedScreen /> : <p>courses</p>}
      <button type="button" onClick={() => setOnFeed(false)}>
        leave
      </button>
    </TutorialProvider>
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a screen tour whose spotlight code is still on its way', () => {
  it('does not open on a screen the person has left before the code arrived', async () => {
    render(<App />);
    // The tour asks to start once the screen has painted and the browser has a moment.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => screen.getByRole('button', { name: 'leave' }).click());
    code.arrive();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('courses')).toBeTruthy();
    expect(screen.queryByText(/^tour/)).toBeNull();
  });

  it('opens at its first step as soon as the code is there', async () => {
    code.arrive();
    render(<App />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('tour activity step 1')).toBeTruthy();
  });
});

/** A feed whose first page comes when the test says, with a photo that loads when it says. */
function LoadingFeed({ ready }: { ready: boolean }) {
  useScreenTour('activity', ready);
  return (
    <main>
      {ready ? <img alt="ảnh bài đăng" src="/media/a.jpg" width={300} height={200} /> : null}
    </main>
  );
}

/**
 * The spotlight's code is there, and every photo is in view and still loading: happy-dom lays
 * nothing out, so each is given a place on the first screen.
 */
function photosInViewStillLoading() {
  code.arrive();
  vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 100,
    width: 300,
    height: 200,
    top: 100,
    bottom: 300,
    left: 0,
    right: 300,
    toJSON: () => ({}),
  });
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
}

describe('a first visit', () => {
  it('opens its tour only once the first page and its photos are on screen', async () => {
    photosInViewStillLoading();
    const { rerender } = render(
      <TutorialProvider personId="person-2">
        <LoadingFeed ready={false} />
      </TutorialProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.queryByText(/^tour/)).toBeNull();

    rerender(
      <TutorialProvider personId="person-2">
        <LoadingFeed ready />
      </TutorialProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText(/^tour/)).toBeNull();
    act(() => {
      screen.getByRole('img', { name: 'ảnh bài đăng' }).dispatchEvent(new Event('load'));
    });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('tour activity step 1')).toBeTruthy();
  });

  it('opens it anyway when a photo takes longer than a few seconds', async () => {
    photosInViewStillLoading();
    render(
      <TutorialProvider personId="person-3">
        <LoadingFeed ready />
      </TutorialProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByText(/^tour/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByText('tour activity step 1')).toBeTruthy();
  });
});
