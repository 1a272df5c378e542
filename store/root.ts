import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { authSlice } from './auth-slice';
import { profileSlice } from './profile-slice';

/**
 * The root reducer: the persisted slices (auth, profile) are always there; the RTK Query cache
 * (services/api.ts) is injected when a screen that reads server data loads, so that its ~18 KB
 * never weigh on a page's first load (docs/architecture.md "Client state").
 */
export const rootReducer = combineSlices(authSlice, profileSlice).withLazyLoadedSlices<{
  api: unknown;
}>();

/** Middleware added later (RTK Query's), applied to every store made by makeStore(). */
export const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;
