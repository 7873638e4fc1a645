/*
 * The guided tutorials' rules (spec 4), as pure code: a state and the transitions on it.
 * Rendering, storage and timing live elsewhere; every rule here has a unit test.
 */

export const TOUR_KEYS = ['activity', 'students', 'courses', 'courseDetail'] as const;
export type TourKey = (typeof TOUR_KEYS)[number];

/** What the app reports when a person did what a step waits for. */
export type TourAction = 'student-created' | 'open-add-course-modal' | 'course-created';

export interface TourStep {
  /** The `data-tour` name of the element the spotlight surrounds. */
  target: string;
  title: string;
  content: string;
  position?: 'bottom' | 'top' | 'left';
  awaitsAction?: TourAction;
  /** The target lives in a dialog an earlier step opens: a resumed tour goes back to that step. */
  inDialog?: true;
}

export interface TourState {
  /** The tour showing now, with its steps, or null. */
  active: { key: TourKey; steps: readonly TourStep[] } | null;
  step: number;
  /** The current step awaits an action and the person was sent to do it. */
  waiting: boolean;
  /** Completed tours of this person. */
  completed: Partial<Record<TourKey, true>>;
  /** Tours whose screen the person left before finishing them, at their step: each goes on
   *  from there when she comes back. */
  paused: Partial<Record<TourKey, number>>;
}

export type TourEvent =
  | { type: 'start'; key: TourKey; steps: readonly TourStep[]; resumeAt?: number }
  | { type: 'next' }
  | { type: 'skip' }
  /** The person left the tour's screen: the tour goes, keeping its place for her return. */
  | { type: 'leave'; key: TourKey }
  | { type: 'actionCompleted'; action: TourAction }
  | { type: 'setStep'; step: number };

export const initialTourState = (completed: TourState['completed'] = {}): TourState => ({
  active: null,
  step: 0,
  waiting: false,
  completed,
  paused: {},
});

/** Marks the active tour completed and ends it (the last step's Next, Skip, or the end). */
function complete(state: TourState): TourState {
  if (!state.active) return state;
  const { [state.active.key]: _done, ...paused } = state.paused;
  return {
    active: null,
    step: 0,
    waiting: false,
    completed: { ...state.completed, [state.active.key]: true },
    paused,
  };
}

function advance(state: TourState): TourState {
  if (!state.active) return state;
  if (state.step >= state.active.steps.length - 1) return complete(state);
  return { ...state, step: state.step + 1, waiting: false };
}

/**
 * Where a tour left off (a reload in the middle of it) goes on from the same step, or from the
 * step that opens the dialog its step lives in (a reload closed the dialog).
 */
export function resumeStep(steps: readonly TourStep[], resumeAt: number | undefined): number {
  if (resumeAt === undefined || !Number.isInteger(resumeAt)) return 0;
  let step = Math.min(Math.max(resumeAt, 0), steps.length - 1);
  while (step > 0 && steps[step]?.inDialog) step -= 1;
  return step;
}

export function tourReducer(
  state: TourState,
  event: TourEvent,
  warn: (message: string) => void = console.warn,
): TourState {
  switch (event.type) {
    case 'start':
      // Starting does nothing if already completed for this person (or one is showing).
      if (state.completed[event.key] || state.active || event.steps.length === 0) return state;
      return {
        ...state,
        active: { key: event.key, steps: event.steps },
        // Back on a screen whose tour was left: it goes on from where she was.
        step: resumeStep(event.steps, state.paused[event.key] ?? event.resumeAt),
        waiting: false,
      };
    case 'leave':
      if (state.active?.key !== event.key) return state;
      return {
        ...state,
        active: null,
        step: 0,
        waiting: false,
        paused: { ...state.paused, [event.key]: state.step },
      };
    case 'next': {
      if (!state.active) return state;
      const current = state.active.steps[state.step];
      // A step that awaits an action: Next sends the person to do it, and the tour waits.
      if (current?.awaitsAction && !state.waiting) return { ...state, waiting: true };
      if (state.waiting) return state;
      return advance(state);
    }
    case 'skip':
      return complete(state);
    case 'actionCompleted': {
      if (!state.active) return state;
      const current = state.active.steps[state.step];
      if (current?.awaitsAction !== event.action) return state;
      return advance(state);
    }
    case 'setStep':
      if (!state.active) return state;
      if (
        !Number.isInteger(event.step) ||
        event.step < 0 ||
        event.step >= state.active.steps.length
      ) {
        warn(`Tutorial step ${event.step} is outside 0–${state.active.steps.length - 1}; ignored.`);
        return state;
      }
      return { ...state, step: event.step, waiting: false };
  }
}
