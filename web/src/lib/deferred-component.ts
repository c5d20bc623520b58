import { lazy, type ComponentType } from 'react';

/**
 * A component whose code is its own chunk (issue 16: routes, menus, dialogs, other tabs): a lazy
 * component, `preload`, which only starts fetching it, and `load`, the same as a promise.
 *
 * - For code a first screen does not need: call `preload` when the pointer or focus reaches what
 *   opens it (fetching only, no state: re-rendering between the pointer's arrival and its press
 *   would replace the trigger under the finger and lose the click); render the component once the
 *   trigger is pressed, inside a Suspense, already open, so the press opens it when its code arrives.
 * - Once its code has arrived, the component renders at once instead of suspending: React shows a
 *   suspended boundary's content no sooner than 300 ms after its fallback appeared (react-dom's
 *   FALLBACK_THROTTLE_MS), which on the dashboard was 300 ms of nothing before it was usable.
 *   main.tsx awaits the address's route (`loadRoute` in router.tsx) before the first render.
 */
// `any`: the same bound as React's own lazy.
export function deferredComponent<Component extends ComponentType<any>>(importModule: () => Promise<{ default: Component }>) {
  let loaded: { default: Component } | undefined;
  const load = () =>
    importModule().then((module) => {
      loaded = module;
      return module;
    });
  // React's lazy reads a thenable that calls back at once as already resolved: no suspension.
  const alreadyLoaded = (module: { default: Component }) => ({ then: (resolve: (value: typeof module) => void) => resolve(module) }) as unknown as Promise<typeof module>;
  return { Component: lazy(() => (loaded ? alreadyLoaded(loaded) : load())), preload: (): void => void load(), load };
}
