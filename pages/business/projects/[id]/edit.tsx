import { PostingFormPage } from '@/components/business/posting-form-page';
import type { TOption } from '@/components/ui/select-field';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage, type TSignedInProps } from '@/lib/server-state';
import { loadCountryOptions, loadPosting, type TPostingPage } from '@/server/ssr/marketplace';
import type { TProject } from '@/types/marketplace';

/** /business/projects/[id]/edit: the project while it recruits, for the business that posted it. */
export default function EditProjectPage({
  posting,
  countries,
  serverSession,
}: TPostingPage & { countries: TOption[] } & TSignedInProps) {
  return (
    <PostingFormPage
      kind="project"
      posting={posting as TProject}
      countries={countries}
      serverSession={serverSession}
    />
  );
}

export const getServerSideProps = signedInPage(
  MARKET_NAMESPACES,
  undefined,
  async ({ params, locale }) => {
    const lang = locale === 'es' ? 'es' : 'en';
    const [page, countries] = await Promise.all([
      loadPosting('project', String(params?.id ?? ''), lang),
      loadCountryOptions(lang),
    ]);
    return page && { ...page, countries };
  },
);
