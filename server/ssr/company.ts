import { AppError } from '@/server/errors';
import { getCompanyPage } from '@/server/services/companies/company-page';
import { listCountries } from '@/server/services/reference';
import { companyReviews } from '@/server/services/trust/reviews';
import { REVIEW_LIMITS } from '@/lib/schemas/reviews';
import type { TReviewPage } from '@/types/review';
import type { TCompanyPage } from '@/types/company-page';
import { anonymousCtx } from './context';

// The company page's loader (server/ssr/context.ts says how loaders work).

export type TCompanyPageProps = {
  company: TCompanyPage;
  /** Country names in the page's language, for the company's and its postings' codes. */
  countryNames: Record<string, string>;
  /** The page's absolute address (canonical link, og:url) and the site's, for og:image. */
  url: string;
  siteUrl: string;
  /** The first page of the company's reviews (docs/product.md "Reviews"). */
  reviews: TReviewPage;
};

/** The public page of the company at `slug`, or null when there is none (a real 404). */
export async function loadCompanyPage(
  slug: string,
  lang: 'en' | 'es',
): Promise<TCompanyPageProps | null> {
  const ctx = await anonymousCtx();
  try {
    const company = await getCompanyPage(ctx, { slug });
    const codes = new Set(
      [company.country_code, ...company.open_postings.map((p) => p.country_code)].filter(Boolean),
    );
    const countryNames: Record<string, string> = {};
    for (const c of await listCountries(ctx)) {
      if (codes.has(c.code)) countryNames[c.code] = lang === 'es' ? c.name_es : c.name_en;
    }
    const reviews = await companyReviews(ctx, {
      slug: company.slug,
      page: 1,
      per_page: REVIEW_LIMITS.perPage,
    });
    const siteUrl = ctx.deps.appUrl.replace(/\/$/, '');
    const prefix = lang === 'en' ? '' : `/${lang}`;
    return {
      company: JSON.parse(JSON.stringify(company)) as TCompanyPage,
      countryNames,
      url: `${siteUrl}${prefix}/companies/${encodeURIComponent(company.slug)}`,
      siteUrl,
      reviews,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}
