import dynamic from 'next/dynamic';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TReportButtonProps } from './report-dialog';

// The dialog and the cache it calls load only for someone signed in: a page's first load stays
// as it was for everyone else (docs/performance.md "How pages paint early").
const ReportDialogButton = dynamic(() => import('./report-dialog'), { ssr: false });

export type { TReportButtonProps };

/**
 * "Report" ("Denunciar") on a posting, a profile, a message or a review (docs/product.md
 * "Reports and suspension"): shown to signed-in people only, never on their own things (the
 * caller leaves it out there; the server refuses them anyway).
 */
export function ReportButton(props: TReportButtonProps) {
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  if (!rehydrated || !user || user.id === props.authorId) return null;
  return <ReportDialogButton {...props} />;
}
