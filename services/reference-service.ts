import { request } from './http-client';

export type TCountry = { code: string; name_en: string; name_es: string };
export type TLanguage = { id: number; code: string; name_en: string; name_es: string };

/** Seed §8: fetches answer null on failure. */
export async function getCountries(): Promise<TCountry[] | null> {
  try {
    const res = await request<TCountry[]>({ method: 'GET', url: '/countries' });
    return res.status ? (res.data ?? []) : null;
  } catch {
    return null;
  }
}

export async function getLanguages(): Promise<TLanguage[] | null> {
  try {
    const res = await request<TLanguage[]>({ method: 'GET', url: '/languages' });
    return res.status ? (res.data ?? []) : null;
  } catch {
    return null;
  }
}
