import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TEducation, TExperience, TSkill, TUser } from '@/types/user';
import { loggedIn, loggedOut, userRefreshed } from './auth-slice';

export type TProfileState = {
  experiences: TExperience[];
  educations: TEducation[];
  skillsUser: TSkill[];
  /** Lists edited here and not saved yet: a refresh of the user must not throw them away. */
  unsaved: { experiences: boolean; educations: boolean };
};

const clean = { experiences: false, educations: false };
const initialState: TProfileState = {
  experiences: [],
  educations: [],
  skillsUser: [],
  unsaved: clean,
};

type TId = number | string;

function fromUser(user: TUser): TProfileState {
  return {
    experiences: user.workplaces ?? [],
    educations: user.study_centres ?? [],
    skillsUser: user.skills ?? [],
    unsaved: clean,
  };
}

// State persisted before `unsaved` existed has none: treat it as clean.
const mark = (state: TProfileState, list: keyof TProfileState['unsaved'], value: boolean) => {
  state.unsaved = { ...clean, ...state.unsaved, [list]: value };
};

/**
 * Seed §3/§4: the lists being edited. Experiences and educations: load, add, remove by id,
 * remove all, edit by id. Skills: load only. They reload from the user whenever it changes,
 * except a list with unsaved edits (what the user typed is never dropped by a refresh).
 */
export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    experiencesLoaded(state, action: PayloadAction<TExperience[]>) {
      state.experiences = action.payload;
      mark(state, 'experiences', false);
    },
    experienceAdded(state, action: PayloadAction<TExperience>) {
      state.experiences.push(action.payload);
      mark(state, 'experiences', true);
    },
    experienceRemoved(state, action: PayloadAction<TId>) {
      state.experiences = state.experiences.filter((e) => e.id !== action.payload);
      mark(state, 'experiences', true);
    },
    experiencesCleared(state) {
      state.experiences = [];
      mark(state, 'experiences', true);
    },
    experienceEdited(state, action: PayloadAction<{ id: TId; changes: Partial<TExperience> }>) {
      const item = state.experiences.find((e) => e.id === action.payload.id);
      if (item) Object.assign(item, action.payload.changes, { id: item.id });
      mark(state, 'experiences', true);
    },
    /** The server created a draft entry: it takes the server's id, so a retry never creates it again. */
    experienceCreated(state, action: PayloadAction<{ tempId: TId; item: TExperience }>) {
      const i = state.experiences.findIndex((e) => e.id === action.payload.tempId);
      if (i >= 0) state.experiences[i] = action.payload.item;
    },
    /** Every call of a save went through: the next refresh of the user reloads the list. */
    experiencesSaved(state) {
      mark(state, 'experiences', false);
    },
    educationsLoaded(state, action: PayloadAction<TEducation[]>) {
      state.educations = action.payload;
      mark(state, 'educations', false);
    },
    educationAdded(state, action: PayloadAction<TEducation>) {
      state.educations.push(action.payload);
      mark(state, 'educations', true);
    },
    educationRemoved(state, action: PayloadAction<TId>) {
      state.educations = state.educations.filter((e) => e.id !== action.payload);
      mark(state, 'educations', true);
    },
    educationsCleared(state) {
      state.educations = [];
      mark(state, 'educations', true);
    },
    educationEdited(state, action: PayloadAction<{ id: TId; changes: Partial<TEducation> }>) {
      const item = state.educations.find((e) => e.id === action.payload.id);
      if (item) Object.assign(item, action.payload.changes, { id: item.id });
      mark(state, 'educations', true);
    },
    educationCreated(state, action: PayloadAction<{ tempId: TId; item: TEducation }>) {
      const i = state.educations.findIndex((e) => e.id === action.payload.tempId);
      if (i >= 0) state.educations[i] = action.payload.item;
    },
    educationsSaved(state) {
      mark(state, 'educations', false);
    },
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
