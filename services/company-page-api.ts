import type { TCompanyUpdateInput } from '@/lib/schemas/company-page';
import type { TChosenCompany, TCompanyRecord } from '@/types/company-page';
import { call } from './http-client';

// The company page's calls (docs/api.md "Companies and teams"). The chosen company travels as
// the `tc_company` cookie the account menu sets; the server falls back to the oldest membership.

/** `GET /me/company`: the chosen company's record and the caller's role in it. */
export const getChosenCompany = () => call<TChosenCompany>({ method: 'GET', url: '/me/company' });

/** `PATCH /companies/{id}`: the fields sent change; answers the company. */
export const updateCompany = (id: number, data: TCompanyUpdateInput) =>
  call<TCompanyRecord>({ method: 'PATCH', url: `/companies/${id}`, data });
