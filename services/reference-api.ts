import { api } from './api';

export type TCountry = { code: string; name_en: string; name_es: string };
export type TLanguage = { id: number; code: string; name_en: string; name_es: string };

/** Reference lists change with a deploy, not during a visit: kept for the whole visit. */
const VISIT = 24 * 3600;

export const referenceApi = api.injectEndpoints({
  endpoints: (b) => ({
    getCountries: b.query<TCountry[], void>({
      query: () => ({ method: 'GET', url: '/countries' }),
      providesTags: ['Countries'],
      keepUnusedDataFor: VISIT,
    }),
    getLanguages: b.query<TLanguage[], void>({
      query: () => ({ method: 'GET', url: '/languages' }),
      providesTags: ['Languages'],
      keepUnusedDataFor: VISIT,
    }),
    /** Skill names containing `search`, the most used first. */
    searchSkills: b.query<string[], string>({
      query: (search) => ({ method: 'GET', url: '/skills', params: { search } }),
      providesTags: ['Skills'],
    }),
  }),
});

export const { useGetCountriesQuery, useGetLanguagesQuery, useSearchSkillsQuery } = referenceApi;

/** A name of the reference data in the interface language (the API sends both). */
export const localName = (item: { name_en: string; name_es: string }, lang: string) =>
  lang === 'es' ? item.name_es : item.name_en;
