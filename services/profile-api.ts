import type { TStudyCentreInput, TUserInfoInput, TWorkplaceInput } from '@/lib/schemas/profile';
import {
  avatarUpdated,
  personUpdated,
  userRefreshed,
  verificationRequested,
} from '@/store/auth-slice';
import type { RootState } from '@/store/root';
import type { TEducation, TExperience, TUser } from '@/types/user';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { useAppDispatch } from '@/store/hooks';
import { api, settle } from './api';

// The profile endpoints (docs/product.md "The calls") through the cache. A save answers what it changed, and the
// caches take that answer: nothing is fetched again after a save (docs/architecture.md).

/** `PATCH /users/info` answers the user's own fields, without the lists. */
export type TOwnFields = Omit<
  TUser,
  | 'workplaces'
  | 'study_centres'
  | 'skills'
  | 'roles_interest'
  | 'languages'
  | 'projects'
  | 'jobs'
  | 'notifications'
>;
export type TCreatedEducation = TEducation & { is_known: boolean };
type TLanguageEntry = TUser['languages'][number];

const myId = (state: unknown) => (state as RootState).auth.user?.id ?? 0;

export const profileApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The signed-in user's whole profile; its docs/product.md "Entities and fields" fields refresh the stored user. */
    getMe: b.query<TUser, number>({
      query: (id) => ({ method: 'GET', url: `/users/id/${id}` }),
      providesTags: ['Me'],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userRefreshed(data));
      },
    }),
    /** Another user's profile, as the API shows it to this viewer. */
    getTalent: b.query<TUser, number>({
      query: (id) => ({ method: 'GET', url: `/users/id/${id}` }),
    }),
    updateInfo: b.mutation<TOwnFields, TUserInfoInput>({
      query: (data) => ({ method: 'PATCH', url: '/users/info', data }),
      async onQueryStarted(_input, { dispatch, queryFulfilled, getState }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(personUpdated(data.person));
        dispatch(avatarUpdated(data.avatar_url ?? null));
        dispatch(
          profileApi.util.updateQueryData('getMe', myId(getState()), (me) => {
            Object.assign(me, data);
          }),
        );
      },
    }),
    createWorkplace: b.mutation<TExperience, TWorkplaceInput>({
      query: (data) => ({ method: 'POST', url: '/user_workplaces', data }),
    }),
    updateWorkplace: b.mutation<TExperience, TWorkplaceInput & { id: number }>({
      query: (data) => ({ method: 'PATCH', url: '/user_workplaces', data }),
    }),
    deleteWorkplace: b.mutation<unknown, number>({
      query: (id) => ({ method: 'DELETE', url: '/user_workplaces', data: { id } }),
    }),
    createStudyCentre: b.mutation<TCreatedEducation, TStudyCentreInput>({
      query: (data) => ({ method: 'POST', url: '/user_study_centres', data }),
    }),
    updateStudyCentre: b.mutation<TEducation, TStudyCentreInput & { id: number }>({
      query: (data) => ({ method: 'PATCH', url: '/user_study_centres', data }),
    }),
    deleteStudyCentre: b.mutation<unknown, number>({
      query: (id) => ({ method: 'DELETE', url: '/user_study_centres', data: { id } }),
    }),
    /** docs/product.md "The calls" {study_id, lang}: the entry goes "in process" (docs/api.md "Verification"). */
    verifyStudyCentre: b.mutation<TEducation, { study: TEducation; lang: 'en' | 'es' }>({
      query: ({ study, lang }) => ({
        method: 'POST',
        url: '/user_study_centres/verify',
        data: { study_id: study.id, lang },
      }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(verificationRequested({ kind: 'study', entry: data }));
      },
    }),
    /** Ours, the same for an experience: {workplace_id, lang}. */
    verifyWorkplace: b.mutation<TExperience, { workplace: TExperience; lang: 'en' | 'es' }>({
      query: ({ workplace, lang }) => ({
        method: 'POST',
        url: '/user_workplaces/verify',
        data: { workplace_id: workplace.id, lang },
      }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(verificationRequested({ kind: 'workplace', entry: data }));
      },
    }),
    clearSkills: b.mutation<unknown, void>({
      query: () => ({ method: 'DELETE', url: '/user_skills/all' }),
    }),
    addSkill: b.mutation<{ name: string }, string>({
      query: (name) => ({ method: 'POST', url: '/user_skills', data: { name } }),
    }),
    clearRoles: b.mutation<unknown, void>({
      query: () => ({ method: 'DELETE', url: '/me/roles_interest/all' }),
    }),
    addRole: b.mutation<{ name: string }, string>({
      query: (name) => ({ method: 'POST', url: '/me/roles_interest', data: { name } }),
    }),
    clearLanguages: b.mutation<unknown, void>({
      query: () => ({ method: 'DELETE', url: '/me/languages/all' }),
    }),
    addLanguage: b.mutation<TLanguageEntry, number>({
      query: (languageId) => ({
        method: 'POST',
        url: '/me/languages',
        data: { language_id: languageId },
      }),
    }),
  }),
});

export const { useGetMeQuery, useGetTalentQuery, useUpdateInfoMutation } = profileApi;

/**
 * Patches the roles or languages of the cached profile after a replace-all save. (The cast: the
 * store's own type declares the lazily added cache loosely, see store/root.ts.)
 */
export const meListsSaved = (
  id: number,
  lists: Partial<Pick<TUser, 'roles_interest' | 'languages'>>,
) =>
  profileApi.util.updateQueryData('getMe', id, (me) => {
    Object.assign(me, lists);
  }) as unknown as UnknownAction;

/**
 * The list and tag calls of the profile as plain functions answering outcomes, for the save
 * runners (lib/profile/save-diff.ts) that decide what to send.
 */
export function useProfileCalls() {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const e = profileApi.endpoints;
    return {
      workplaces: {
        create: (p: TWorkplaceInput) => settle(dispatch(e.createWorkplace.initiate(p))),
        update: (p: TWorkplaceInput & { id: number }) =>
          settle(dispatch(e.updateWorkplace.initiate(p))),
        remove: (id: number) => settle(dispatch(e.deleteWorkplace.initiate(id))),
        verify: (workplace: TExperience, lang: 'en' | 'es') =>
          settle(dispatch(e.verifyWorkplace.initiate({ workplace, lang }))),
      },
      studyCentres: {
        create: (p: TStudyCentreInput) => settle(dispatch(e.createStudyCentre.initiate(p))),
        update: (p: TStudyCentreInput & { id: number }) =>
          settle(dispatch(e.updateStudyCentre.initiate(p))),
        remove: (id: number) => settle(dispatch(e.deleteStudyCentre.initiate(id))),
        verify: (study: TEducation, lang: 'en' | 'es') =>
          settle(dispatch(e.verifyStudyCentre.initiate({ study, lang }))),
      },
      skills: {
        clearAll: () => settle(dispatch(e.clearSkills.initiate())),
        add: (name: string) => settle(dispatch(e.addSkill.initiate(name))),
      },
      roles: {
        clearAll: () => settle(dispatch(e.clearRoles.initiate())),
        add: (name: string) => settle(dispatch(e.addRole.initiate(name))),
      },
      languages: {
        clearAll: () => settle(dispatch(e.clearLanguages.initiate())),
        add: (id: number) => settle(dispatch(e.addLanguage.initiate(id))),
      },
    };
  }, [dispatch]);
}
