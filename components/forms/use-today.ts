import { useSyncExternalStore } from 'react';
import { latestToday } from '@/lib/schemas/common';
import { earliestToday } from '@/lib/schemas/marketplace';

const noSubscription = () => () => {};

/**
 * The latest date a date field may take (the schemas' "not in the future"), known only in the
 * browser: a page rendered ahead of time must not carry the day it was built.
 */
export function useToday(): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => latestToday(),
    () => undefined,
  );
}

/** The earliest date a deadline may take (it has not passed anywhere yet), in the browser only. */
export function useEarliestToday(): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => earliestToday(),
    () => undefined,
  );
}
