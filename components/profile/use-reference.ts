import { useEffect, useState } from 'react';
import {
  getCountries,
  getLanguages,
  type TCountry,
  type TLanguage,
} from '@/services/reference-service';

// Reference lists change with a deploy, not during a visit: one request per loader and page load.
const cache = new WeakMap<() => Promise<unknown[] | null>, Promise<unknown[] | null>>();

function useList<T>(load: () => Promise<T[] | null>): T[] | null {
  const [list, setList] = useState<T[] | null>(null);
  useEffect(() => {
    let live = true;
    let pending = cache.get(load) as Promise<T[] | null> | undefined;
    if (!pending) {
      pending = load().then((r) => {
        if (!r) cache.delete(load); // a failed fetch is tried again next time
        return r;
      });
      cache.set(load, pending);
    }
    void pending.then((r) => {
      if (live) setList(r ?? []);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return list;
}

/** A name of the reference data in the interface language (the API sends both, API.md). */
export const localName = (item: { name_en: string; name_es: string }, lang: string) =>
  lang === 'es' ? item.name_es : item.name_en;

/** GET /countries; null while loading. */
export const useCountries = (load: () => Promise<TCountry[] | null> = getCountries) =>
  useList(load);

/** GET /languages; null while loading. */
export const useLanguages = (load: () => Promise<TLanguage[] | null> = getLanguages) =>
  useList(load);
