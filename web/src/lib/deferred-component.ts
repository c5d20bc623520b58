import { lazy, type ComponentType } from 'react';

/**
 * Code a first screen does not need (issue 16: menus, dialogs, other tabs): a lazy component and
 * `preload`, which only starts fetching it. Call `preload` when the pointer or focus reaches what
 * opens it (fetching only, no state: re-rendering between the pointer's arrival and its press
 * would replace the trigger under the finger and lose the click); render the component once the
 * trigger is pressed, inside a Suspense, already open, so the press opens it when its code arrives.
 */
// `any`: the same bound as React's own lazy.
export function deferredComponent<Component extends ComponentType<any>>(load: () => Promise<{ default: Component }>) {
  return { Component: lazy(load), preload: (): void => void load() };
}
