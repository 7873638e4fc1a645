import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { TUTORIAL_AUTOSTART_KEY } from '#shared/storage-keys';
import { lazyModule, whenIdle } from '../../lib/lazy-module.ts';
import { readLocal, writeLocal } from '../../lib/local-store.ts';
import {
  initialTourState,
  TOUR_KEYS,
  type TourAction,
  type TourEvent,
  type TourKey,
  type TourState,
  tourReducer,
} from './tour-machine.ts';
import { TOURS } from './tours.ts';

// The spotlight (and React Aria's focus scope) is fetched when a tour first opens, and the tour
// becomes active once it has arrived: drawn through Suspense instead, its card would wait out
// React's pacing of revealed content after the fetch.
const spotlight = lazyModule(() => import('./spotlight.tsx'));

/** Completion per person in local storage: this prefix plus the person's id (spec 9). */
export const TUTORIAL_KEY_PREFIX = 'hv.tutorial.';
/** 'off' when the person chose not to have tours open by themselves. */

const TUTORIAL_PLACE_KEY = 'hv.tutorial.place';

/** Where this person's tours are, in this tab: a reload or a return goes on from there. */
function savedPlaces(personId: string): Partial<Record<TourKey, number>> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TUTORIAL_PLACE_KEY) ?? 'null') as {
      personId?: string;
      places?: Record<string, unknown>;
    } | null;
    if (saved?.personId !== personId || !saved.places) return {};
    return Object.fromEntries(
      TOUR_KEYS.flatMap((key) => {
        const step = saved.places?.[key];
        return typeof step === 'number' ? [[key, step]] : [];
      }),
    );
  } catch {
    return {};
  }
}

function readCompleted(personId: string): TourState['completed'] {
  try {
    const stored = JSON.parse(readLocal(TUTORIAL_KEY_PREFIX + personId) ?? '{}');
    return Object.fromEntries(
      TOUR_KEYS.filter((key) => stored?.[key] === true).map((key) => [key, true]),
    );
  } catch {
    return {};
  }
}

export const tutorialAutostart = {
  isOn: () => readLocal(TUTORIAL_AUTOSTART_KEY) !== 'off',
  set: (on: boolean) => writeLocal(TUTORIAL_AUTOSTART_KEY, on ? 'on' : 'off'),
};

interface TutorialApi {
  start(key: TourKey): void;
  /** The tour's screen is gone: the tour goes with it, keeping its place. */
  leave(key: TourKey): void;
  report(action: TourAction): void;
  /** Forgets which tours were completed, so each opens again. */
  reset(): void;
}

const TutorialContext = createContext<TutorialApi | null>(null);

/**
 * The tours of a signed-in instructor or admin: the state machine, its storage per person, and
 * the spotlight drawn over the screen. Students and guests get no provider (no tours).
 */
export function TutorialProvider({
  personId,
  children,
}: {
  personId: string;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(
    (current: TourState, event: TourEvent | { type: 'reset' }) =>
      event.type === 'reset' ? initialTourState() : tourReducer(current, event),
    personId,
    (id) => ({ ...initialTourState(readCompleted(id)), paused: savedPlaces(id) }),
  );
  useEffect(() => {
    writeLocal(TUTORIAL_KEY_PREFIX + personId, JSON.stringify(state.completed));
  }, [personId, state.completed]);
  // The step each unfinished tour is at, for this tab: a reload, or coming back to a screen
  // whose tour was left, goes on from there, not from step 1. A tour's place is forgotten when
  // it ends.
  useEffect(() => {
    try {
      const places = state.active
        ? { ...state.paused, [state.active.key]: state.step }
        : state.paused;
      if (Object.keys(places).length > 0) {
        sessionStorage.setItem(TUTORIAL_PLACE_KEY, JSON.stringify({ personId, places }));
      } else {
        sessionStorage.removeItem(TUTORIAL_PLACE_KEY);
      }
    } catch {
      // Storage refused (private mode): a reload starts the tour again.
    }
  }, [personId, state.active, state.step, state.paused]);

  const [starting] = useState(() => new Set<TourKey>());
  const api = useMemo<TutorialApi>(
    () => ({
      start: (key) => {
        starting.add(key);
        spotlight.load().then(
          // Unless its screen was left while the code was on its way.
          () => starting.delete(key) && dispatch({ type: 'start', key, steps: TOURS[key] }),
          // Its code could not be fetched (offline on a first visit): the tour opens next time.
          () => starting.delete(key),
        );
      },
      leave: (key) => {
        starting.delete(key);
        dispatch({ type: 'leave', key });
      },
      report: (action) => dispatch({ type: 'actionCompleted', action }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [starting],
  );
  const Spotlight = spotlight.current()?.Spotlight;
  return (
    <TutorialContext.Provider value={api}>
      {children}
      {state.active && Spotlight ? <Spotlight state={state} dispatch={dispatch} /> : null}
    </TutorialContext.Provider>
  );
}

/** At most this long is waited for the first screen's photos before a tour opens anyway. */
const PHOTOS_WAIT_MS = 4_000;

/**
 * Resolves once what the screen shows first is complete: the render of its first data painted
 * (two frames), then every photo in view loaded or failed, or PHOTOS_WAIT_MS at most.
 */
function firstScreenComplete(): Promise<void> {
  const painted = new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
  return painted.then(() => {
    const inView = [...document.querySelectorAll<HTMLImageElement>('main img')].filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    });
    const loaded = inView
      .filter((image) => !image.complete)
      .map(
        (image) =>
          new Promise<void>((resolve) => {
            image.addEventListener('load', () => resolve(), { once: true });
            image.addEventListener('error', () => resolve(), { once: true });
          }),
      );
    const enough = new Promise<void>((resolve) => setTimeout(resolve, PHOTOS_WAIT_MS));
    return Promise.race([Promise.all(loaded).then(() => undefined), enough]);
  });
}

/**
 * Opens a screen's tour the first time this person sees the screen (unless turned off), once
 * the screen is complete: `ready` when its first data has come (a list, a feed's first page),
 * then its first photos painted and the browser's first idle moment after them. A tour points
 * at things that have stopped moving, and a first visit's largest paint is the screen itself,
 * not the tour's bubble over a screen still loading. Only instructors and admins have a
 * provider, so for anyone else this does nothing.
 */
export function useScreenTour(key: TourKey, ready = true) {
  const tutorial = useContext(TutorialContext);
  // Once ready, ready for good: a refetch that empties a list does not close an open tour.
  const [settled, setSettled] = useState(ready);
  if (ready && !settled) setSettled(true);
  useEffect(() => {
    if (!tutorial || !settled || !tutorialAutostart.isOn()) return;
    let cancelled = false;
    let cancelIdle = () => {};
    void firstScreenComplete().then(() => {
      if (!cancelled) cancelIdle = whenIdle(() => tutorial.start(key), 500);
    });
    return () => {
      cancelled = true;
      cancelIdle();
      // A tour shows on its own screen only: its bubble or waiting banner does not follow the
      // person to another screen, and it goes on from the same step when she comes back.
      tutorial.leave(key);
    };
  }, [tutorial, key, settled]);
}

/** Tells a waiting tour that the person did what it waits for (nothing outside a tour). */
export function useTutorialReport(): (action: TourAction) => void {
  const tutorial = useContext(TutorialContext);
  return useCallback((action: TourAction) => tutorial?.report(action), [tutorial]);
}

export function useTutorialReset(): (() => void) | null {
  return useContext(TutorialContext)?.reset ?? null;
}
