import { useRouter } from 'next/router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { KINDS } from '@/lib/kinds';
import { MARKET_LIMITS } from '@/lib/marketplace';
import type { TPostingKind } from '@/types/marketplace';
import type { TBoardQuery } from '@/types/pipeline';

// The board's search, filters and order live in the address (docs/product.md "The recruiter's
// workbench"): read back on load, written with a shallow replace, so a link shows the same view.
// The address holds what the API takes (docs/api.md "The recruiter's workbench"): prices in
// minor units, as the board call sends them.

export const BOARD_QUERY_KEYS = [
  'search',
  'min_rating',
  'skill',
  'has_cv',
  'min_price',
  'max_price',
  'max_weeks',
  'sort',
  'order',
] as const satisfies readonly (keyof TBoardQuery)[];

const SORTS = ['applied', 'price', 'rating', 'stage_time'] as const;
/** What only a project's proposals have: a price and weeks. */
const PROJECT_ONLY = ['min_price', 'max_price', 'max_weeks'] as const;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A skill's name as the API takes it: spaces collapsed and trimmed, within its length. */
export function skillName(v: string | undefined) {
  const name = v?.replace(/\s+/g, ' ').trim().slice(0, MARKET_LIMITS.skill);
  return name ? name : undefined;
}

function whole(v: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (!v || !/^\d{1,12}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}

/** Whether the posting's kind has a price and weeks per proposal (a project's). */
export const hasPrices = (kind: TPostingKind) => KINDS[kind].pricedProposals;

/** The board's query as the address gives it; what does not parse is left out. */
export function boardQueryOf(
  raw: Record<string, string | string[] | undefined>,
  kind: TPostingKind,
): TBoardQuery {
  const q: TBoardQuery = {};
  const search = one(raw.search)?.trim().slice(0, MARKET_LIMITS.search);
  if (search) q.search = search;
  const rating = whole(one(raw.min_rating), 1, 5);
  if (rating) q.min_rating = rating as TBoardQuery['min_rating'];
  const skill = skillName(one(raw.skill));
  if (skill) q.skill = skill;
  const cv = one(raw.has_cv);
  if (cv === 'true' || cv === 'false') q.has_cv = cv === 'true';
  if (hasPrices(kind)) {
    for (const key of PROJECT_ONLY) {
      const n = whole(one(raw[key]), 1);
      if (n) q[key] = n;
    }
  }
  const sort = one(raw.sort) as TBoardQuery['sort'];
  if (sort && SORTS.includes(sort) && (sort !== 'price' || hasPrices(kind))) q.sort = sort;
  const order = one(raw.order);
  if (order === 'asc' || order === 'desc') q.order = order;
  return q;
}

/** The query as the address's parameters (strings), only what is set. */
export function queryParams(q: TBoardQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of BOARD_QUERY_KEYS) {
    const value = q[key];
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

const isEmpty = (q: TBoardQuery) => Object.keys(queryParams(q)).length === 0;

export const isFiltered = (q: TBoardQuery) =>
  BOARD_QUERY_KEYS.some((k) => k !== 'sort' && k !== 'order' && q[k] !== undefined);

/**
 * The board's query in the address: `query` (undefined when nothing is chosen, so that the
 * plain board is the one cached key), `setQuery` writing it back (shallow, the page stays).
 */
export function useBoardFilters(kind: TPostingKind) {
  const router = useRouter();
  const raw = router.query;
  const key = JSON.stringify(queryParams(boardQueryOf(raw, kind)));
  const query = useMemo(() => {
    const q = JSON.parse(key) as Record<string, string>;
    return Object.keys(q).length === 0 ? undefined : boardQueryOf(q, kind);
  }, [key, kind]);

  // The choice being written: the address takes it a moment later, and a list changed with the
  // arrow keys must not show the old value meanwhile (its next key would start from there).
  const [chosen, setChosen] = useState<TBoardQuery | null>(null);
  const writes = useRef(0);
  const setQuery = useCallback(
    (next: TBoardQuery) => {
      const rest: Record<string, string | string[] | undefined> = { ...router.query };
      for (const k of BOARD_QUERY_KEYS) delete rest[k];
      const mine = (writes.current += 1);
      setChosen(next);
      void router
        .replace(
          { pathname: router.pathname, query: { ...rest, ...queryParams(next) } },
          undefined,
          {
            shallow: true,
            scroll: false,
          },
        )
        .finally(() => {
          if (writes.current === mine) setChosen(null);
        });
    },
    [router],
  );

  const shown = chosen === null ? query : isEmpty(chosen) ? undefined : chosen;
  return { query: shown, setQuery };
}
