import { useEffect, useState } from 'react';

let idle = false;
const waiting = new Set<() => void>();

function whenIdle(callback: () => void): () => void {
  if (idle) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  if (waiting.size === 1) {
    const settle = () => {
      idle = true;
      for (const waiter of [...waiting]) waiter();
      waiting.clear();
    };
    const afterLoad = () =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(settle, { timeout: 3_000 }) : setTimeout(settle, 200);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  }
  return () => waiting.delete(callback);
}

/**
 * True once the page has loaded and the browser is idle (at most 3 s after load), for the
 * code a first screen does not need (menus, toasts): it is fetched after what the member
 * waits for, not before. The same moment for every caller of the page.
 */
export function useWhenIdle(): boolean {
  const [ready, setReady] = useState(idle);
  useEffect(() => (ready ? undefined : whenIdle(() => setReady(true))), [ready]);
  return ready;
}
