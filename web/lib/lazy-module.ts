import {
  type ComponentType,
  createElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
} from 'react';

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
 * The module once it has arrived (undefined until then). It is fetched when the browser is idle
 * after the screen has shown, so it is usually there before anyone reaches for it; `load` fetches
 * it at once for someone who does sooner. When that fetch fails, the error is thrown while
 * rendering, as React's `lazy` does, so the route's error screen handles it (a new version
 * deployed: the new-version modal).
 */
export function useLazyModule<T>(module: LazyModule<T>): {
  module: T | undefined;
  load: () => void;
} {
  const [current, setCurrent] = useState<T | undefined>(() => module.current());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  useEffect(() => {
    if (current) return;
    let mounted = true;
    const cancel = whenIdle(() => {
      // A failure here is not reported: the fetch is tried again, visibly, when it is needed.
      module.load().then(
        (loaded) => mounted && setCurrent(() => loaded),
        () => undefined,
      );
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [module, current]);
  const load = useCallback(() => {
    module.load().then(
      (loaded) => setCurrent(() => loaded),
      (error: unknown) => setFailure({ error }),
    );
  }, [module]);
  return { module: current, load };
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
