import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COMPANY_COOKIE } from '@/lib/storage-keys';

// The company a business call works within, as the request names it (docs/api.md "Companies and
// teams"): `company_id` in the query, else the cookie the account menu's switcher sets. Only a
// hint: the service checks membership and falls back to the caller's oldest company.

const asId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function requestedCompany(c: Context): number | null {
  return asId(c.req.query('company_id')) ?? asId(getCookie(c, COMPANY_COOKIE));
}
