import { describe, expect, it, vi } from 'vitest';
import { initialTourState, type TourStep, tourReducer } from './tour-machine.ts';

const steps: TourStep[] = [
  { target: 'a', title: 'A', content: 'a' },
  { target: 'b', title: 'B', content: 'b', awaitsAction: 'student-created' },
  { target: 'c', title: 'C', content: 'c' },
];
const started = () => tourReducer(initialTourState(), { type: 'start', key: 'students', steps });

describe('the tutorial rules (spec 4)', () => {
  it('starts at step 0', () => {
    const state = started();
    expect(state.active?.key).toBe('students');
    expect(state.step).toBe(0);
    expect(state.waiting).toBe(false);
  });

  it('does nothing when started again after it was completed', () => {
    const done = tourReducer(started(), { type: 'skip' });
    expect(done.completed.students).toBe(true);
    expect(tourReducer(done, { type: 'start', key: 'students', steps })).toBe(done);
    // Other tours still start.
    expect(tourReducer(done, { type: 'start', key: 'courses', steps }).active?.key).toBe('courses');
  });

  it('moves on with Next, and on the last step marks it completed and ends', () => {
    let state = tourReducer(started(), { type: 'setStep', step: 2 });
    expect(state.step).toBe(2);
    state = tourReducer(state, { type: 'next' });
    expect(state.active).toBeNull();
    expect(state.completed).toEqual({ students: true });
  });

  it('enters a waiting state on a step that awaits an action, and advances when it is reported', () => {
    let state = tourReducer(started(), { type: 'next' });
    expect(state.step).toBe(1);
    state = tourReducer(state, { type: 'next' });
    expect(state).toMatchObject({ step: 1, waiting: true });
    // Next again, or another action, does not skip what is awaited.
    expect(tourReducer(state, { type: 'next' })).toBe(state);
    expect(tourReducer(state, { type: 'actionCompleted', action: 'course-created' })).toBe(state);
    state = tourReducer(state, { type: 'actionCompleted', action: 'student-created' });
    expect(state).toMatchObject({ step: 2, waiting: false });
  });

  it('finishes when the awaited action completes on the last step', () => {
    const last: TourStep[] = [
      { target: 'a', title: 'A', content: 'a', awaitsAction: 'open-add-course-modal' },
    ];
    let state = tourReducer(initialTourState(), { type: 'start', key: 'courses', steps: last });
    state = tourReducer(state, { type: 'next' });
    state = tourReducer(state, { type: 'actionCompleted', action: 'open-add-course-modal' });
    expect(state.active).toBeNull();
    expect(state.completed.courses).toBe(true);
  });

  it('marks the tour completed on Skip, from any step', () => {
    const state = tourReducer(tourReducer(started(), { type: 'next' }), { type: 'skip' });
    expect(state.active).toBeNull();
    expect(state.completed.students).toBe(true);
  });

  it('ignores a step outside the range with a console warning', () => {
    const warn = vi.fn();
    const state = started();
    expect(tourReducer(state, { type: 'setStep', step: 3 }, warn)).toBe(state);
    expect(tourReducer(state, { type: 'setStep', step: -1 }, warn)).toBe(state);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toContain('outside');
  });
});

describe('resuming a tour after a reload', () => {
  const steps = [
    { target: 'a', title: 'A', content: 'a' },
    { target: 'b', title: 'B', content: 'b', awaitsAction: 'open-add-course-modal' as const },
    { target: 'c', title: 'C', content: 'c', inDialog: true as const },
    { target: 'd', title: 'D', content: 'd' },
  ];
  it('goes on from the step it was at', () => {
    const state = tourReducer(initialTourState(), {
      type: 'start',
      key: 'courses',
      steps,
      resumeAt: 3,
    });
    expect(state.step).toBe(3);
  });
  it('goes back to the step that opens the dialog a step lives in', () => {
    const state = tourReducer(initialTourState(), {
      type: 'start',
      key: 'courses',
      steps,
      resumeAt: 2,
    });
    expect(state.step).toBe(1);
  });
  it('starts at the first step for anything else', () => {
    for (const resumeAt of [undefined, -4, 1.5]) {
      expect(
        tourReducer(initialTourState(), { type: 'start', key: 'courses', steps, resumeAt }).step,
      ).toBe(resumeAt === -4 ? 0 : 0);
    }
    expect(
      tourReducer(initialTourState(), { type: 'start', key: 'courses', steps, resumeAt: 99 }).step,
    ).toBe(3);
  });
});

describe('a tour left for another screen', () => {
  it('goes with its screen, waiting banner and all, not completed', () => {
    let state = tourReducer(tourReducer(started(), { type: 'next' }), { type: 'next' });
    expect(state).toMatchObject({ step: 1, waiting: true });
    state = tourReducer(state, { type: 'leave', key: 'students' });
    expect(state).toMatchObject({ active: null, waiting: false, completed: {} });
    // Another screen's leaving changes nothing.
    expect(tourReducer(started(), { type: 'leave', key: 'courses' }).active?.key).toBe('students');
  });

  it('goes on from the same step on return, not from step 1', () => {
    let state = tourReducer(tourReducer(started(), { type: 'next' }), { type: 'next' });
    state = tourReducer(state, { type: 'leave', key: 'students' });
    // Another screen's tour in between keeps her place in this one.
    state = tourReducer(state, { type: 'start', key: 'courses', steps });
    state = tourReducer(state, { type: 'leave', key: 'courses' });
    state = tourReducer(state, { type: 'start', key: 'students', steps });
    expect(state).toMatchObject({ active: { key: 'students' }, step: 1, waiting: false });
    // Finished, it keeps no place; the tour left elsewhere keeps its own.
    state = tourReducer(state, { type: 'skip' });
    expect(state.paused).toEqual({ courses: 0 });
  });
});
