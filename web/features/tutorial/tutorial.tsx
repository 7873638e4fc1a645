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

/**
 * Opens a screen's tour the first time this person sees the screen (unless turned off). Only
 * instructors and admins have a provider, so for anyone else this does nothing.
 */
export function useScreenTour(key: TourKey) {
  const tutorial = useContext(TutorialContext);
  useEffect(() => {
    if (!tutorial || !tutorialAutostart.isOn()) return;
    // Once the screen has painted and the browser has a moment (its first data in), so the tour
    // points at things that have stopped moving; soon after, as what a first visit is for: the
    // tour is what the person is shown, and a bubble that comes seconds later is the screen
    // arriving late.
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => tutorial.start(key), 500);
    }, 100);
    return () => {
      clearTimeout(timer);
      cancelIdle();
      // A tour shows on its own screen only: its bubble or waiting banner does not follow the
      // person to another screen, and it goes on from the same step when she comes back.
      tutorial.leave(key);
    };
  }, [tutorial, key]);
}

/** Tells a waiting tour that the person did what it waits for (nothing outside a tour). */
export function useTutorialReport(): (action: TourAction) => void {
  const tutorial = useContext(TutorialContext);
  return useCallback((action: TourAction) => tutorial?.report(action), [tutorial]);
}

export function useTutorialReset(): (() => void) | null {
  return useContext(TutorialContext)?.reset ?? null;
}
