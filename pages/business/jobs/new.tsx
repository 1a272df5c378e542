import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/business/posting-form-page';
import { langOf } from '@/lib/i18n/lang';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { loadPostingForm } from '@/server/ssr/marketplace';

/** /business/jobs/new (docs/product.md "Marketplace"). */
export default function NewJobPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="job" {...props} />;
}

export const getServerSideProps = signedInPage(MARKET_NAMESPACES, undefined, ({ locale }) =>
  loadPostingForm('job', null, langOf(locale)),
);
