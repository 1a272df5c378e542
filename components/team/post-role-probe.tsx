import { useEffect } from 'react';
import { useCompanyCan } from './use-company';

/**
 * Tells its parent whether the business member may write postings in company `companyId` (the
 * chosen one when omitted): owners and admins (docs/product.md "Companies and teams", "Screens").
 * Renders nothing. Loaded after the page with the memberships (`dynamic`, no SSR), so that the
 * screens using it (the header's "Post", the posting form) paint at once and keep their first
 * bundle small; a recruiter's "Post" and form go once the role is read.
 */
export default function PostRoleProbe({
  companyId,
  onChange,
}: {
  companyId?: number;
  onChange: (mayPost: boolean) => void;
}) {
  const { editPostings } = useCompanyCan(companyId);
  useEffect(() => onChange(editPostings), [editPostings, onChange]);
  return null;
}
