import Head from 'next/head';

/**
 * For a page opened from a link that carries a secret (an invitation's or an unsubscribe link's
 * token): no Referer carries the address to another site and no search engine lists it
 * (docs/security.md "Links that carry a secret").
 */
export function PrivateLinkHead() {
  return (
    <Head>
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex" />
    </Head>
  );
}
