import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { KINDS } from '@/lib/kinds';
import type { TUserEntry } from '@/lib/user-entries';
import type {
  TEducation,
  TExperience,
  TNotification,
  TSessionUser,
  TSkill,
  TUser,
  TUserJob,
  TUserProject,
} from '@/types/user';

export type TAuthState = { isLoggedIn: boolean; user: TSessionUser | null };

/** An entry whose verification was asked for, as the server answered it. */
export type TVerificationRequested =
  { kind: 'workplace'; entry: TExperience } | { kind: 'study'; entry: TEducation };

const initialState: TAuthState = { isLoggedIn: false, user: null };

/** docs/product.md "Entities and fields": the fields of the signed-in user kept in the client (and persisted). */
export function sessionUserOf(user: TUser | TSessionUser): TSessionUser {
  return {
    id: user.id,
    email: user.email,
    lang: user.lang,
    // Absent from a session stored before the header showed the photo.
    avatar_url: user.avatar_url ?? null,
    is_talent: user.is_talent,
    person: user.person,
    workplaces: user.workplaces ?? [],
    study_centres: user.study_centres ?? [],
    skills: user.skills ?? [],
    projects: user.projects ?? [],
    jobs: user.jobs ?? [],
    notifications: user.notifications ?? [],
    algo_address: user.algo_address ?? null,
    near_wallet: user.near_wallet ?? null,
    paypal_email: user.paypal_email ?? null,
    is_operator: user.is_operator ?? false,
    // Unknown (undefined) in a session stored before addresses were confirmed: settings reads it.
    ...(user.email_verified === undefined ? {} : { email_verified: user.email_verified }),
  };
}

type TPersonUpdate = { name?: string; last_name?: string; phone?: string | null };

/** Replaces the entry with the same id, or appends it. */
function upsert<T extends { id: number | string }>(list: T[], item: T) {
  const i = list.findIndex((x) => x.id === item.id);
  if (i >= 0) list[i] = item;
  else list.push(item);
}

/**
 * docs/product.md "Entities and fields", "States and transitions": auth state is `isLoggedIn` and `user`; login sets both, logout clears them. The
 * access token travels in `loggedIn` and `tokenRenewed` but is kept only in the `access_token`
 * storage key (store/session-sync.ts), which follows these actions: one source of truth.
 */
/** How many notifications the stored user keeps: as many as the login answer carries. */
export const STORED_NOTIFICATIONS = 50;

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<{ user: TUser | TSessionUser; accessToken: string }>) {
      state.isLoggedIn = true;
      state.user = sessionUserOf(action.payload.user);
    },
    loggedOut() {
      return initialState;
    },
    /** A new token for the same session (after a password change). */
    tokenRenewed(_state, _action: PayloadAction<string>) {},
    /** The server answered a fresh copy of the user (once per visit of a profile page). */
    userRefreshed(state, action: PayloadAction<TUser | TSessionUser>) {
      if (state.isLoggedIn && state.user?.id === action.payload.id) {
        state.user = sessionUserOf(action.payload);
      }
    },
    /** docs/product.md "States and transitions": personal info changes person name, last_name and phone. */
    personUpdated(state, action: PayloadAction<TPersonUpdate>) {
      if (!state.user) return;
      const { name, last_name, phone } = action.payload;
      if (name !== undefined) state.user.person.name = name;
      if (last_name !== undefined) state.user.person.last_name = last_name;
      if (phone !== undefined) state.user.person.phone = phone;
    },
    /** The saved profile photo (the header's avatar follows it at once). */
    avatarUpdated(state, action: PayloadAction<string | null>) {
      if (state.user) state.user.avatar_url = action.payload;
    },
    paypalEmailUpdated(state, action: PayloadAction<string | null>) {
      if (state.user) state.user.paypal_email = action.payload;
    },
    /** docs/product.md "States and transitions": deleting a wallet sets its field to null. */
    walletUpdated(
      state,
      action: PayloadAction<{ algo_address: string | null } | { near_wallet: string | null }>,
    ) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    /** docs/product.md "States and transitions": saving a workplace with enable_business makes the user a business. */
    becameBusiness(state) {
      if (state.user) state.user.is_talent = false;
    },
    /** Its owner asked to verify an entry (docs/api.md "Verification"): the user's copy follows. */
    verificationRequested(state, action: PayloadAction<TVerificationRequested>) {
      if (!state.user) return;
      const { kind, entry } = action.payload;
      if (kind === 'workplace') upsert(state.user.workplaces, entry);
      else upsert(state.user.study_centres, entry);
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
    /** The skills the server now holds, as it spelled them. */
    skillsSaved(state, action: PayloadAction<TSkill[]>) {
      if (state.user) state.user.skills = action.payload;
    },
    /** docs/product.md "Entities and fields": the talent's projects (with their application) follow every apply, edit and withdrawal. */
    applicationSaved(state, action: PayloadAction<TUserEntry>) {
      const { kind, entry } = action.payload;
      const list: (TUserProject | TUserJob)[] | undefined = state.user?.[KINDS[kind].postings];
      if (list) upsert(list, entry);
    },
    /** docs/product.md "States and transitions": transaction references are stored on project and job applications. */
    applicationRecorded(
      state,
      action: PayloadAction<{
        kind: 'project' | 'job';
        id: number;
        algorand_transaction: string | null;
        near_transaction: string | null;
      }>,
    ) {
      const { kind, id, algorand_transaction, near_transaction } = action.payload;
      const list: (TUserProject | TUserJob)[] | undefined = state.user?.[KINDS[kind].postings];
      const entry = list?.find((e) => e.application.id === id);
      if (!entry) return;
      entry.application.algorand_transaction = algorand_transaction;
      entry.application.near_transaction = near_transaction;
    },
    /**
     * docs/product.md "States and transitions": new notifications are added at the front of the list. One already there comes
     * again when a newer status change replaced it (docs/security.md "Coalescing"): with a newer
     * time it moves to the front with its new text, unread again; the same one twice (the stream
     * and a poll) is kept once, where it is.
     */
    notificationReceived(state, action: PayloadAction<TNotification>) {
      const list = state.user?.notifications;
      if (!list) return;
      const at = list.findIndex((n) => n.id === action.payload.id);
      if (at >= 0) {
        if (list[at]!.created_at === action.payload.created_at) return;
        list.splice(at, 1);
      }
      list.unshift(action.payload);
      // The stored (and persisted) user keeps the newest ones, as the login answer does;
      // /notifications pages through the rest.
      list.splice(STORED_NOTIFICATIONS);
    },
    /** docs/product.md "States and transitions": reading a notification sets been_clicked. */
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
  tokenRenewed,
  userRefreshed,
  personUpdated,
  avatarUpdated,
  paypalEmailUpdated,
  walletUpdated,
  becameBusiness,
  verificationRequested,
  workplaceSaved,
  workplaceDeleted,
  studyCentreSaved,
  studyCentreDeleted,
  skillsSaved,
  applicationSaved,
  applicationRecorded,
  notificationReceived,
  notificationClicked,
} = authSlice.actions;
export const { selectIsLoggedIn, selectUser } = authSlice.selectors;
