import { PostingFormPage } from '@/components/business/posting-form-page';
import type { TOption } from '@/components/ui/select-field';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage, type TSignedInProps } from '@/lib/server-state';
import { loadCountryOptions } from '@/server/ssr/marketplace';

/** /business/projects/new (PRODUCT.md flow 3). */
export default function NewProjectPage({
  countries,
  serverSession,
}: { countries: TOption[] } & TSignedInProps) {
  return <PostingFormPage kind="project" countries={countries} serverSession={serverSession} />;
}

export const getServerSideProps = signedInPage(
  MARKET_NAMESPACES,
  undefined,
  async ({ locale }) => ({
    countries: await loadCountryOptions(locale === 'es' ? 'es' : 'en'),
  }),
);
