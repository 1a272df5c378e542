import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/business/posting-form-page';
import { langOf } from '@/lib/i18n/lang';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { loadPostingForm } from '@/server/ssr/marketplace';

/** /business/projects/new (docs/product.md "Marketplace"). */
export default function NewProjectPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="project" {...props} />;
}

export const getServerSideProps = signedInPage(MARKET_NAMESPACES, undefined, ({ locale }) =>
  loadPostingForm('project', null, langOf(locale)),
);
