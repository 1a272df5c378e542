import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TEducation, TExperience, TSkill, TUser } from '@/types/user';
import { loggedIn, loggedOut, userRefreshed } from './auth-slice';

export type TProfileState = {
  experiences: TExperience[];
  educations: TEducation[];
  skillsUser: TSkill[];
};

const initialState: TProfileState = { experiences: [], educations: [], skillsUser: [] };

type TId = number | string;

function fromUser(user: TUser): TProfileState {
  return {
    experiences: user.workplaces ?? [],
    educations: user.study_centres ?? [],
    skillsUser: user.skills ?? [],
  };
}

/**
 * Seed §3/§4: the lists being edited. Experiences and educations: load, add, remove by id,
 * remove all, edit by id. Skills: load only. They reload from the user whenever it changes.
 */
export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    experiencesLoaded(state, action: PayloadAction<TExperience[]>) {
      state.experiences = action.payload;
    },
    experienceAdded(state, action: PayloadAction<TExperience>) {
      state.experiences.push(action.payload);
    },
    experienceRemoved(state, action: PayloadAction<TId>) {
      state.experiences = state.experiences.filter((e) => e.id !== action.payload);
    },
    experiencesCleared(state) {
      state.experiences = [];
    },
    experienceEdited(state, action: PayloadAction<{ id: TId; changes: Partial<TExperience> }>) {
      const item = state.experiences.find((e) => e.id === action.payload.id);
      if (item) Object.assign(item, action.payload.changes, { id: item.id });
    },
    educationsLoaded(state, action: PayloadAction<TEducation[]>) {
      state.educations = action.payload;
    },
    educationAdded(state, action: PayloadAction<TEducation>) {
      state.educations.push(action.payload);
    },
    educationRemoved(state, action: PayloadAction<TId>) {
      state.educations = state.educations.filter((e) => e.id !== action.payload);
    },
    educationsCleared(state) {
      state.educations = [];
    },
    educationEdited(state, action: PayloadAction<{ id: TId; changes: Partial<TEducation> }>) {
      const item = state.educations.find((e) => e.id === action.payload.id);
      if (item) Object.assign(item, action.payload.changes, { id: item.id });
    },
    skillsLoaded(state, action: PayloadAction<TSkill[]>) {
      state.skillsUser = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (_state, action) => fromUser(action.payload.user))
      .addCase(userRefreshed, (_state, action) => fromUser(action.payload))
      .addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectExperiences: (state) => state.experiences,
    selectEducations: (state) => state.educations,
    selectSkillsUser: (state) => state.skillsUser,
  },
});

export const {
  experiencesLoaded,
  experienceAdded,
  experienceRemoved,
  experiencesCleared,
  experienceEdited,
  educationsLoaded,
  educationAdded,
  educationRemoved,
  educationsCleared,
  educationEdited,
  skillsLoaded,
} = profileSlice.actions;
export const { selectExperiences, selectEducations, selectSkillsUser } = profileSlice.selectors;
