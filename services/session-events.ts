/**
 * "The server said this session is over" (a 401 to a call that carried a token), from the HTTP
 * client to whoever signs the user out (components/auth/session-watcher.tsx). A plain event, so
 * the client stays free of React and of the store.
 */
type TListener = () => void;
const listeners = new Set<TListener>();

export function onSessionEnded(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionEnded(): void {
  for (const listener of listeners) listener();
}
