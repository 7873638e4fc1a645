import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { useRouterNow } from './router-now.tsx';
import { useDebounced } from './use-debounced.ts';

/** A change of the screen's own address: no history entry, and the page stays scrolled. */
export const IN_PLACE = { replace: true, preventScrollReset: true } as const;

/**
 * The address's parameters as the router has them at this moment, when the router is at this
 * screen or going to it, and null when it is going or has gone elsewhere. What has rendered lags
 * behind: the router hands its changes to React as transitions, which a busy phone renders late,
 * so a write judged by the rendered address would act on an old one.
 */
function useScreenAddressNow() {
  const router = useRouterNow();
  const { pathname } = useLocation();
  return useCallback(() => {
    const { navigation, location } = router.state;
    const target = navigation.location ?? location;
    return target.pathname === pathname ? new URLSearchParams(target.search) : null;
  }, [router, pathname]);
}

/**
 * A screen's search, filters and sort kept in its address, so that coming back to it (Quay lại,
 * the back gesture, a reload) finds them as they were. A change replaces the address (no history
 * entry per filter or keystroke) and leaves the page scrolled where it is. Nothing is written
 * while the app is going to another screen: a write would be a navigation of its own and cancel
 * that one, pulling the person back (a hardware back right after typing, while the next screen's
 * code loads). `change` says whether it wrote.
 */
export function useScreenParams() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const addressNow = useScreenAddressNow();
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) => {
      const next = addressNow();
      if (!next) return false;
      edit(next);
      void navigate({ search: `?${next}` }, IN_PLACE);
      return true;
    },
    [addressNow, navigate],
  );
  return [params, change, addressNow] as const;
}

/**
 * A search box's text, written to the address under `key` once typing pauses for 250 ms, or at
 * once when the box loses focus (`keep`): a tap on a result right after typing leaves the box
 * first, so coming back finds the search. Returns what the box shows, its setter, the settled
 * text to search for and `keep`. When the address changes from elsewhere (the navigation's own
 * entry for the screen drops the search), the box follows it.
 */
export function useSearchText(key = 'q') {
  const [params, change, addressNow] = useScreenParams();
  const inAddress = params.get(key) ?? '';
  const [text, setText] = useState(inAddress);
  const typed = text.trim();
  const settled = useDebounced(typed, 250);
  const navigating = useNavigation().state !== 'idle';
  const written = useRef(inAddress);
  const write = useCallback(
    (value: string) => {
      if (change((next) => (value ? next.set(key, value) : next.delete(key)))) {
        written.current = value;
      }
    },
    [change, key],
  );
  // The router's state decides (it is read, not rendered); what has rendered only says when to
  // look again: the address changed, or a navigation elsewhere was called off.
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating and inAddress are triggers
  useEffect(() => {
    const address = addressNow();
    if (!address) return;
    const now = address.get(key) ?? '';
    if (now !== written.current) {
      written.current = now;
      setText(now);
      return;
    }
    // Still typing, or the box has just followed the address: the newer text decides.
    if (settled !== typed || settled === now) return;
    write(settled);
  }, [addressNow, navigating, settled, typed, inAddress, key, write]);
  const keep = useCallback(() => {
    if (typed !== written.current) write(typed);
  }, [typed, write]);
  return [text, setText, settled, keep] as const;
}
