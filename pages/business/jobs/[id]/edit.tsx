import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/business/posting-form-page';
import { langOf } from '@/lib/i18n/lang';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { loadPostingForm } from '@/server/ssr/marketplace';

/** /business/jobs/[id]/edit: the job while it recruits, for the business that posted it. */
export default function EditJobPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="job" {...props} />;
}

export const getServerSideProps = signedInPage(MARKET_NAMESPACES, undefined, ({ params, locale }) =>
  loadPostingForm('job', String(params?.id ?? ''), langOf(locale)),
);
