import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TEducation, TExperience, TNotification, TUser } from '@/types/user';

export type TAuthState = { isLoggedIn: boolean; user: TUser | null };

const initialState: TAuthState = { isLoggedIn: false, user: null };

type TPersonalInfo = Partial<Omit<TUser, 'person'>> & {
  name?: string;
  last_name?: string;
  phone?: string | null;
};

/** Replaces the entry with the same id, or appends it. */
function upsert<T extends { id: number | string }>(list: T[], item: T) {
  const i = list.findIndex((x) => x.id === item.id);
  if (i >= 0) list[i] = item;
  else list.push(item);
}

/** Seed §3/§4: auth state is `isLoggedIn` and `user`; login sets both, logout clears them. */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ user: TUser }>) {
      state.isLoggedIn = true;
      state.user = action.payload.user;
    },
    loggedOut() {
      return initialState;
    },
    /** The server answered a fresh copy of the user (after a reload or a save). */
    userRefreshed(state, action: PayloadAction<TUser>) {
      if (state.isLoggedIn) state.user = action.payload;
    },
    /** Seed §4: personal info changes user fields and person name, last_name, phone. */
    infoUpdated(state, action: PayloadAction<TPersonalInfo>) {
      if (!state.user) return;
      const { name, last_name, phone, ...rest } = action.payload;
      Object.assign(state.user, rest);
      if (name !== undefined) state.user.person.name = name;
      if (last_name !== undefined) state.user.person.last_name = last_name;
      if (phone !== undefined) state.user.person.phone = phone;
    },
    /** Seed §4: deleting a wallet sets its field to null. */
    walletUpdated(
      state,
      action: PayloadAction<{ algo_address: string | null } | { near_wallet: string | null }>,
    ) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    /** Seed §4: saving a workplace with enable_business makes the user a business. */
    becameBusiness(state) {
      if (state.user) state.user.is_talent = false;
    },
    /** The server stored this experience (created or changed): the user's copy follows. */
    workplaceSaved(state, action: PayloadAction<TExperience>) {
      if (state.user) upsert(state.user.workplaces, action.payload);
    },
    workplaceDeleted(state, action: PayloadAction<{ id: number }>) {
      if (state.user)
        state.user.workplaces = state.user.workplaces.filter((w) => w.id !== action.payload.id);
    },
    /** The server stored this education entry (created or changed). */
    studyCentreSaved(state, action: PayloadAction<TEducation>) {
      if (state.user) upsert(state.user.study_centres, action.payload);
    },
    studyCentreDeleted(state, action: PayloadAction<{ id: number }>) {
      if (state.user) {
        state.user.study_centres = state.user.study_centres.filter(
          (s) => s.id !== action.payload.id,
        );
      }
    },
    /** Seed §4: new notifications are added at the front of the list. */
    notificationReceived(state, action: PayloadAction<TNotification>) {
      state.user?.notifications.unshift(action.payload);
    },
    /** Seed §4: reading a notification sets been_clicked. */
    notificationClicked(state, action: PayloadAction<{ id: number }>) {
      const n = state.user?.notifications.find((x) => x.id === action.payload.id);
      if (n) n.been_clicked = true;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => state.isLoggedIn,
    selectUser: (state) => state.user,
  },
});

export const {
  loggedIn,
  loggedOut,
  userRefreshed,
  infoUpdated,
  walletUpdated,
  becameBusiness,
  workplaceSaved,
  workplaceDeleted,
  studyCentreSaved,
  studyCentreDeleted,
  notificationReceived,
  notificationClicked,
} = authSlice.actions;
export const { selectIsLoggedIn, selectUser } = authSlice.selectors;
