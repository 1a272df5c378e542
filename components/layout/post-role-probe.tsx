import { useEffect } from 'react';
import { useCompanyCan } from '@/components/team/use-company';

/**
 * Tells the header whether the business member may post in the chosen company (owners and
 * admins; docs/product.md "Companies and teams", "Screens"). Renders nothing: loaded after the
 * page, with the memberships, so that the header's "Post" paints at once and stays the same
 * element (open, focused) for those who may post; a recruiter's goes once their role is read.
 */
export default function PostRoleProbe({ onChange }: { onChange: (mayPost: boolean) => void }) {
  const { editPostings } = useCompanyCan();
  useEffect(() => onChange(editPostings), [editPostings, onChange]);
  return null;
}
