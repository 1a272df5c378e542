import { useCallback, useContext, useSyncExternalStore } from 'react';
import {
  readCompanyChoice,
  ServerCompanyChoice,
  subscribeCompanyChoice,
  writeCompanyChoice,
} from '@/lib/company-choice';
import { api } from '@/services/api';
import { useMyCompaniesQuery } from '@/services/companies-api';
import { selectUser } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { TCompanyRef, TCompanyRole, TMembership, TWithCompany } from '@/types/companies';

/** What each role may do on the screens (the server decides; docs/product.md "Companies and teams"). */
export type TCompanyCan = {
  editPostings: boolean;
  moveApplicants: boolean;
  manageTeam: boolean;
  changeRoles: boolean;
};

/** The company a posting belongs to, when the server says it (null: the chosen one). */
export const companyIdOf = (posting: object): number | null =>
  (posting as TWithCompany).company?.id ?? null;

const NOTHING: TCompanyCan = {
  editPostings: false,
  moveApplicants: false,
  manageTeam: false,
  changeRoles: false,
};

/** owner: everything; admin: all but role changes; recruiter: moves applicants only. */
export function canOf(role: TCompanyRole | null | undefined): TCompanyCan {
  if (role === 'owner') {
    return { editPostings: true, moveApplicants: true, manageTeam: true, changeRoles: true };
  }
  if (role === 'admin') {
    return { editPostings: true, moveApplicants: true, manageTeam: true, changeRoles: false };
  }
  if (role === 'recruiter') return { ...NOTHING, moveApplicants: true };
  return NOTHING;
}

/** Every list that is read within the chosen company: a new choice reads them again. */
const WITHIN_COMPANY = ['MyPostings', 'Board', 'Members', 'Invitations', 'Audit'] as const;

/** The membership of the chosen company `chosen`, if the user is still a member of it, else the oldest. */
export const membershipOf = (companies: TMembership[], chosen: number | null): TMembership | null =>
  companies.find((m) => m.company.id === chosen) ?? companies[0] ?? null;

/**
 * The company the business user works within: the cookie's, if the user is still a member of
 * it, else the oldest membership. `choose` writes the cookie and reads every business list again.
 * A page the server rendered hydrates with the choice the server read (ServerCompanyChoice).
 */
export function useCurrentCompany(): {
  company: TCompanyRef | null;
  role: TCompanyRole | null;
  companies: TMembership[];
  loading: boolean;
  choose: (id: number) => void;
} {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const business = user?.is_talent === false;
  const { data, isLoading } = useMyCompaniesQuery(undefined, { skip: !business });
  const serverChoice = useContext(ServerCompanyChoice);
  const chosen = useSyncExternalStore(
    subscribeCompanyChoice,
    readCompanyChoice,
    () => serverChoice,
  );
  const companies = data ?? [];
  const current = membershipOf(companies, chosen);
  const choose = useCallback(
    (id: number) => {
      writeCompanyChoice(id);
      dispatch(api.util.invalidateTags([...WITHIN_COMPANY]));
    },
    [dispatch],
  );
  return {
    company: current?.company ?? null,
    role: current?.role ?? null,
    companies,
    loading: business && isLoading,
    choose,
  };
}

const EVERYTHING: TCompanyCan = canOf('owner');

/**
 * What the user may do in a company, as a function of its id (the chosen company for null or
 * undefined), for lists whose rows belong to different companies. Until the memberships are
 * known (loading, or an older server without them) it says yes: the screens keep their actions
 * and the server, which decides, refuses what the role may not do.
 */
export function useCanIn(): (companyId?: number | null) => TCompanyCan {
  const { role, companies } = useCurrentCompany();
  return (companyId) => {
    if (companies.length === 0) return EVERYTHING;
    if (companyId == null) return canOf(role);
    return canOf(companies.find((m) => m.company.id === companyId)?.role);
  };
}

/** What the user may do in company `companyId` (the chosen one when omitted), from their role. */
export function useCompanyCan(companyId?: number | null): TCompanyCan {
  return useCanIn()(companyId);
}
