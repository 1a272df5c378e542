/**
 * "The server said this session is over" (a 401 to a call that carried a token), from the HTTP
 * client to whoever signs the user out (components/auth/session-watcher.tsx). A plain event, so
 * the client stays free of React and of the store.
 */
type TListener = () => void;
const listeners = new Set<TListener>();
/** How many flows are ending the session on purpose right now (see `whileEndingSession`). */
let endingOnPurpose = 0;

export function onSessionEnded(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionEnded(): void {
  if (endingOnPurpose > 0) return;
  for (const listener of listeners) listener();
}

/**
 * Runs a flow that ends the session itself (deleting the account: the server revokes every token,
 * then the flow signs out and goes where it chooses). Meanwhile, a 401 met by another call (the
 * live stream reconnecting, a refetch) is the flow's own doing, not news: it must not start a
 * second sign-out towards the sign-in page that races the flow's (docs/product.md "Deleting one's
 * account").
 */
export async function whileEndingSession<T>(flow: () => Promise<T>): Promise<T> {
  endingOnPurpose += 1;
  try {
    return await flow();
  } finally {
    endingOnPurpose -= 1;
  }
}
