import { useCallback, useState } from 'react';

/** Per lesson id, the time of the newest post this person has seen about it. */
type SeenTimes = Record<string, number>;

const storageKey = (personId: string, courseId: string) => `hv.seen.${personId}.${courseId}`;

function read(key: string): SeenTimes {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' ? (value as SeenTimes) : {};
  } catch {
    return {};
  }
}

/**
 * Seen-activity times kept on this device per person, course and lesson (spec 9), so a lesson
 * can say it has posts the person has not seen yet.
 */
export type SeenActivity = ReturnType<typeof useSeenActivity>;

export function useSeenActivity(personId: string, courseId: string) {
  const key = storageKey(personId, courseId);
  const [seen, setSeen] = useState<SeenTimes>(() => read(key));

  const markSeen = useCallback(
    (times: SeenTimes) => {
      const current = read(key);
      let changed = false;
      for (const [lessonId, time] of Object.entries(times)) {
        if ((current[lessonId] ?? 0) < time) {
          current[lessonId] = time;
          changed = true;
        }
      }
      if (!changed) return;
      localStorage.setItem(key, JSON.stringify(current));
      setSeen(current);
    },
    [key],
  );

  const hasNew = useCallback(
    (lessonId: string, lastActivityAt: number | null) =>
      lastActivityAt !== null && lastActivityAt > (seen[lessonId] ?? 0),
    [seen],
  );

  return { hasNew, markSeen };
}
