import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { useDebounced } from './use-debounced.ts';

/** A change of the screen's own address: no history entry, and the page stays scrolled. */
export const IN_PLACE = { replace: true, preventScrollReset: true } as const;

/**
 * A screen's search, filters and sort kept in its address, so that coming back to it (Quay lại,
 * the back gesture, a reload) finds them as they were. A change replaces the address (no history
 * entry per filter or keystroke) and leaves the page scrolled where it is.
 */
export function useScreenParams() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        edit(next);
        return next;
      }, IN_PLACE),
    [setParams],
  );
  return [params, change] as const;
}

/**
 * A search box's text, written to the address under `key` once typing pauses for 250 ms, or at
 * once when the box loses focus (`keep`): a tap on a result right after typing leaves the box
 * first, so coming back finds the search. Returns what the box shows, its setter, the settled
 * text to search for and `keep`. When the address changes from elsewhere (the navigation's own
 * entry for the screen drops the search), the box follows it. Nothing is written while the app is
 * going to another screen: a write would be a navigation of its own and cancel that one, pulling
 * the person back (a hardware back right after typing, while the next screen's code loads).
 */
export function useSearchText(key = 'q') {
  const [params, change] = useScreenParams();
  const inAddress = params.get(key) ?? '';
  const [text, setText] = useState(inAddress);
  const typed = text.trim();
  const settled = useDebounced(typed, 250);
  const leaving = useNavigation().state !== 'idle';
  const written = useRef(inAddress);
  const write = useCallback(
    (value: string) => {
      written.current = value;
      change((next) => (value ? next.set(key, value) : next.delete(key)));
    },
    [change, key],
  );
  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setText(inAddress);
      return;
    }
    // Still typing, or the box has just followed the address: the newer text decides.
    if (leaving || settled !== typed || settled === inAddress) return;
    write(settled);
  }, [leaving, settled, typed, inAddress, write]);
  const keep = useCallback(() => {
    if (typed !== written.current) write(typed);
  }, [typed, write]);
  return [text, setText, settled, keep] as const;
}
