import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen whose code loads on demand, and can be told early that its code is coming. */
export type LazyScreen = LazyExoticComponent<ComponentType> & {
  /** Loads the screen's code (`load`); resolves once it is in hand, or failed to load. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` for a screen, with a `preload`. A screen whose code is in hand renders on its
 * first render: React resolves a lazy component synchronously when the thenable its loader
 * returns calls back at once, which a loaded screen's does here. A plain `lazy` suspends once
 * even then (its `import()` resolves a microtask later), and React holds the revealed screen
 * back for its Suspense throttle (up to 300 ms): the wait that used to sit between a directly
 * opened table's layout and its rows. The component stays one `lazy` type whichever way it
 * resolved, so React never remounts it. `load` may run more than once (`import()` loads once).
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: { default: ComponentType } | null = null;
  const start = () => load().then((component) => (loaded = { default: component }));
  const Screen = lazy(() => {
    const module = loaded;
    if (!module) return start();
    // A thenable that calls back synchronously (lazy only ever calls `then`).
    const now: PromiseLike<{ default: ComponentType }> = {
      then: (onFulfilled) => {
        onFulfilled?.(module);
        return now as never;
      },
    };
    return now as Promise<{ default: ComponentType }>;
  });
  return Object.assign(Screen, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
