import type { TPostingKind } from '@/lib/kinds';
import { langOf } from '@/lib/i18n/lang';
import { MARKET_NAMESPACES, PIPELINE_NAMESPACES } from '@/lib/i18n/page-props';
import { loadPosting, loadPostingForm } from '@/server/ssr/marketplace';
import type { TScreenModule } from '@/store/session-preload';
import { signedInPage } from './signed-in-page';

// The getServerSideProps of a business's posting pages, written once for both kinds
// (docs/architecture.md "One marketplace for two kinds"): each page file only names its kind.

/** /business/{kind}s/new and /business/{kind}s/[id]/edit: the form's countries and the posting. */
export const postingFormProps = (kind: TPostingKind, page: 'new' | 'edit') =>
  signedInPage(MARKET_NAMESPACES, undefined, ({ params, locale, req }) =>
    loadPostingForm(kind, page === 'new' ? null : String(params?.id ?? ''), langOf(locale), req),
  );

/** /business/{kind}s/[id]/applicants: the posting, with the board's screen preloaded. */
export const applicantsProps = (kind: TPostingKind, screen: () => Promise<TScreenModule>) =>
  signedInPage([...PIPELINE_NAMESPACES, 'reviews'], screen, ({ params, locale, req }) =>
    loadPosting(kind, String(params?.id ?? ''), langOf(locale), {}, req),
  );
