import { useDeferredValue } from 'react';

/**
 * `value`, except when it first arrives (from undefined): that render, a whole screen built from
 * the answer, is then a transition, which React renders in slices between which the browser
 * stays responsive, rather than one long task; until it is done the screen shows what it showed
 * while waiting. Later changes (a save) show at once, as they come.
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}

/**
 * False for a component's first render, then true in a transition (React renders it in slices):
 * for a large screen that appears at once when its chunk arrives, whose render would otherwise
 * be one long task.
 */
export function useDeferredMount(): boolean {
  return useDeferredValue(true, false);
}
