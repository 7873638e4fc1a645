import { type ComponentType, createElement, lazy, Suspense, useCallback, useState } from 'react';

/**
 * Code a screen shows without at first (menus, pickers, overlays: React Aria is most of the
 * feed's JavaScript, scripts/size-budget.ts) and fetches once, shared by every place using it.
 */
export interface LazyModule<T> {
  /** Fetches the module, once; a failed fetch may be tried again. */
  load(): Promise<T>;
  /** The module if it has arrived. */
  current(): T | undefined;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

/** Runs `task` when the browser has nothing better to do; returns how to call it off. */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * The module once this place has asked for it and it has arrived (undefined until then). Until
 * someone reaches for it a screen shows its plain stand-in, so React Aria is neither evaluated
 * nor rendered while the screen opens; `warm` fetches it when a press begins (pointer down,
 * focus), and `load` asks for it and shows it. When that fetch fails, the error is thrown while
 * rendering, as React's `lazy` does, so the route's error screen handles it (a new version
 * deployed: the new-version modal).
 */
export function useLazyModule<T>(module: LazyModule<T>): {
  module: T | undefined;
  load: () => void;
  warm: () => void;
} {
  const [current, setCurrent] = useState<T | undefined>(undefined);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  const load = useCallback(() => {
    module.load().then(
      (loaded) => setCurrent(() => loaded),
      (error: unknown) => setFailure({ error }),
    );
  }, [module]);
  // A failure here is not reported: the fetch is tried again, visibly, by `load`.
  const warm = useCallback(() => void module.load().catch(() => undefined), [module]);
  return { module: current, load, warm };
}

/**
 * A component whose code is fetched the first time it renders, showing nothing meanwhile: for
 * what opens over the screen (dialogs, viewers), which a screen renders only once it is open.
 * Call it at a module's top level, like React's `lazy`.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, as lazy() is
  return function LazyComponent(props: Props) {
    return createElement(
      Suspense,
      { fallback: null },
      createElement(Lazy as ComponentType<Props>, props),
    );
  };
}

/**
 * An overlay (a dialog) whose code is fetched the first time it opens: until then it renders
 * nothing. Once opened it stays rendered, open or closed, so that closing animates and what it
 * holds is not mounted twice; when its code is there already it renders at once, in the same
 * commit as the component around it (whose effects may fill the fields it holds).
 */
export function lazyOverlay<Module, Props extends { isOpen: boolean }>(
  module: LazyModule<Module>,
  pick: (loaded: Module) => ComponentType<Props>,
): ComponentType<Props> {
  const Overlay = lazyComponent(() => module.load().then(pick));
  const way = () => (module.current() ? 'at once' : 'when fetched');
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, as lazy() is
  return function LazyOverlay(props: Props) {
    // Chosen once, when first opened: switching later would mount its content again.
    const [shown, setShown] = useState<'at once' | 'when fetched' | null>(
      props.isOpen ? way() : null,
    );
    if (props.isOpen && shown === null) setShown(way());
    if (shown === null) return null;
    const loaded = module.current();
    return shown === 'at once' && loaded
      ? createElement(pick(loaded), props)
      : createElement(Overlay, props);
  };
}
