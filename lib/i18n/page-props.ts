import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18NextConfig from '../../next-i18next.config.js';

/**
 * The namespaces every page loads: `common` first (docs/product.md "The product and its users"), and `profile`, because the header's
 * account menu on every page links to the profile screens with its texts.
 */
export const PAGE_NAMESPACES = ['common', 'profile'];

/** The translation props every page passes. */
export function translationProps(
  locale: string | undefined,
  namespaces: string[] = PAGE_NAMESPACES,
) {
  return serverSideTranslations(locale ?? 'en', namespaces, nextI18NextConfig);
}

/** `getStaticProps` of a page that needs only its translations. */
export const staticTranslations = async ({ locale }: { locale?: string }) => ({
  props: { ...(await translationProps(locale)) },
});

/** The marketplace's pages also load its own catalog. */
export const MARKET_NAMESPACES = [...PAGE_NAMESPACES, 'market'];

/** `getStaticProps` of a marketplace page that needs only its translations. */
export const marketTranslations = async ({ locale }: { locale?: string }) => ({
  props: { ...(await translationProps(locale, MARKET_NAMESPACES)) },
});

/** The applicant pipeline's pages (the board, the postings list, a posting's page) add its catalog. */
export const PIPELINE_NAMESPACES = [...MARKET_NAMESPACES, 'pipeline'];

/** The team's pages (/business/team, an invitation) add its catalog; the audit log names statuses. */
export const TEAM_NAMESPACES = [...MARKET_NAMESPACES, 'team'];

/** A posting's page also offers its hired talent the on-chain record. */
export const POSTING_NAMESPACES = [...PIPELINE_NAMESPACES, 'wallet'];

/** Pages with wallets or proofs: settings, profiles, the public verification. */
export const WALLET_NAMESPACES = [...PAGE_NAMESPACES, 'wallet'];

/** `getStaticProps` of a page with wallets that needs only its translations. */
export const walletTranslations = async ({ locale }: { locale?: string }) => ({
  props: { ...(await translationProps(locale, WALLET_NAMESPACES)) },
});

/** `getStaticProps` of a pipeline page that needs only its translations. */
export const pipelineTranslations = async ({ locale }: { locale?: string }) => ({
  props: { ...(await translationProps(locale, PIPELINE_NAMESPACES)) },
});

/** The company's pages (its public page, its editing) add the company catalog to the market's. */
export const COMPANY_NAMESPACES = [...MARKET_NAMESPACES, 'company'];

/** The operator's console (/admin/*) adds its catalog (docs/product.md "Operators"). */
export const ADMIN_NAMESPACES = [...PAGE_NAMESPACES, 'admin'];

/** The access tokens' page (/account/tokens) adds its catalog (docs/product.md "Access tokens"). */
export const TOKENS_NAMESPACES = [...PAGE_NAMESPACES, 'tokens'];

/** The conversations' pages (/messages, a thread) add their catalog. */
export const MESSAGES_NAMESPACES = [...PAGE_NAMESPACES, 'messages'];

/** A company's webhooks (/business/webhooks) add their catalog to the market's. */
export const WEBHOOKS_NAMESPACES = [...MARKET_NAMESPACES, 'webhooks'];
