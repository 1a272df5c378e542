import { useCallback, useState } from 'react';

/** A form's "busy" flag: true while `during` waits for a call (the submit button is disabled). */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const during = useCallback(async <T>(call: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await call();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, during };
}
