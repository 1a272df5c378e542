import { createContext, useContext, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

type TSession = { persistor: Persistor | null; rehydrated: boolean };

const SessionContext = createContext<TSession>({ persistor: null, rehydrated: false });

/** Gives screens the persistor (sign-out purges it) and whether stored state is back. */
export function SessionProvider({ children, ...value }: TSession & { children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
