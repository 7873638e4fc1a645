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
