import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TEducation, TExperience, TSessionUser, TSkill, TUser } from '@/types/user';
import {
  loggedIn,
  loggedOut,
  skillsSaved,
  studyCentreSaved,
  userRefreshed,
  verificationRequested,
  workplaceSaved,
} from './auth-slice';

type TLists = { experiences: TExperience[]; educations: TEducation[] };
type TListKey = keyof TLists;

export type TProfileState = TLists & {
  skillsUser: TSkill[];
  /** Lists edited here and not saved yet: a refresh of the user must not throw them away. */
  unsaved: Record<TListKey, boolean>;
};

const clean = { experiences: false, educations: false };
const initialState: TProfileState = {
  experiences: [],
  educations: [],
  skillsUser: [],
  unsaved: clean,
};

type TId = number | string;

function fromUser(user: TUser | TSessionUser): TProfileState {
  return {
    experiences: user.workplaces ?? [],
    educations: user.study_centres ?? [],
    skillsUser: user.skills ?? [],
    unsaved: clean,
  };
}

// State persisted before `unsaved` existed has none: treat it as clean.
const mark = (state: TProfileState, list: TListKey, value: boolean) => {
  state.unsaved = { ...clean, ...state.unsaved, [list]: value };
};

/** The seed's "States and transitions" (docs/product.md) list actions, the same for both lists: load, add, remove by id, remove all, edit by id. */
function listReducers<K extends TListKey>(key: K) {
  type T = TLists[K][number];
  const list = (state: TProfileState) => state[key] as T[];
  const set = (state: TProfileState, items: T[]) => {
    (state[key] as T[]) = items;
  };
  return {
    loaded(state: TProfileState, action: PayloadAction<T[]>) {
      set(state, action.payload);
      mark(state, key, false);
    },
    added(state: TProfileState, action: PayloadAction<T>) {
      list(state).push(action.payload);
      mark(state, key, true);
    },
    removed(state: TProfileState, action: PayloadAction<TId>) {
      set(
        state,
        list(state).filter((e) => e.id !== action.payload),
      );
      mark(state, key, true);
    },
    cleared(state: TProfileState) {
      set(state, []);
      mark(state, key, true);
    },
    edited(state: TProfileState, action: PayloadAction<{ id: TId; changes: Partial<T> }>) {
      const item = list(state).find((e) => e.id === action.payload.id);
      if (item) Object.assign(item, action.payload.changes, { id: item.id });
      mark(state, key, true);
    },
    /** The server created a draft entry: it takes the server's id, so a retry never creates it again. */
    created(state: TProfileState, action: PayloadAction<{ tempId: TId; item: T }>) {
      const items = list(state);
      const i = items.findIndex((e) => e.id === action.payload.tempId);
      if (i >= 0) items[i] = action.payload.item;
    },
    /** Every call of a save went through: the list is what the server holds. */
    saved(state: TProfileState, action: PayloadAction<T[]>) {
      set(state, action.payload);
      mark(state, key, false);
    },
  };
}

const experiences = listReducers('experiences');
const educations = listReducers('educations');

/**
 * docs/product.md "Entities and fields", "States and transitions": the lists being edited. Experiences and educations: load, add, remove by id,
 * remove all, edit by id. Skills: load only. They reload from the user whenever it changes,
 * except a list with unsaved edits (what the user typed is never dropped by a refresh).
 */
export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    experiencesLoaded: experiences.loaded,
    experienceAdded: experiences.added,
    experienceRemoved: experiences.removed,
    experiencesCleared: experiences.cleared,
    experienceEdited: experiences.edited,
    experienceCreated: experiences.created,
    experiencesSaved: experiences.saved,
    educationsLoaded: educations.loaded,
    educationAdded: educations.added,
    educationRemoved: educations.removed,
    educationsCleared: educations.cleared,
    educationEdited: educations.edited,
    educationCreated: educations.created,
    educationsSaved: educations.saved,
    skillsLoaded(state, action: PayloadAction<TSkill[]>) {
      state.skillsUser = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (_state, action) => fromUser(action.payload.user))
      .addCase(userRefreshed, (state, action) => {
        const next = fromUser(action.payload);
        if (state.unsaved?.experiences) next.experiences = state.experiences;
        if (state.unsaved?.educations) next.educations = state.educations;
        next.unsaved = { ...clean, ...state.unsaved };
        return next;
      })
      // The server's copy of an entry (a save, a verification request) replaces the listed one.
      .addCase(workplaceSaved, (state, action) => {
        const i = state.experiences.findIndex((e) => e.id === action.payload.id);
        if (i >= 0) state.experiences[i] = action.payload;
      })
      .addCase(studyCentreSaved, (state, action) => {
        const i = state.educations.findIndex((e) => e.id === action.payload.id);
        if (i >= 0) state.educations[i] = action.payload;
      })
      // Only the status of the listed entry: edits of it not saved yet stay as they are.
      .addCase(verificationRequested, (state, action) => {
        const { kind, entry } = action.payload;
        const list: (TExperience | TEducation)[] =
          kind === 'workplace' ? state.experiences : state.educations;
        const listed = list.find((e) => e.id === entry.id);
        if (listed) listed.verify_status_id = entry.verify_status_id;
      })
      .addCase(skillsSaved, (state, action) => {
        state.skillsUser = action.payload;
      })
      .addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectExperiences: (state) => state.experiences,
    selectEducations: (state) => state.educations,
    selectSkillsUser: (state) => state.skillsUser,
    selectUnsaved: (state) => state.unsaved ?? clean,
  },
});

export const {
  experiencesLoaded,
  experienceAdded,
  experienceRemoved,
  experiencesCleared,
  experienceEdited,
  experienceCreated,
  experiencesSaved,
  educationsLoaded,
  educationAdded,
  educationRemoved,
  educationsCleared,
  educationEdited,
  educationCreated,
  educationsSaved,
  skillsLoaded,
} = profileSlice.actions;
export const { selectExperiences, selectEducations, selectSkillsUser, selectUnsaved } =
  profileSlice.selectors;
