import type { ReactNode } from 'react';

/** What a link in a message may open: the web only (never javascript:, data:, a file…). */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.dev."). */
const TRAILING = /[.,;:!?…]+$/;

/** `candidate` as a safe web address (http or https, parsed by the browser's rules), or null. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A matched address without the sentence's punctuation or a closing parenthesis it did not open. */
function trimAddress(raw: string): string {
  let text = raw.replace(TRAILING, '');
  while (text.endsWith(')') && (text.match(/\(/g)?.length ?? 0) < (text.match(/\)/g)?.length ?? 0))
    text = text.slice(0, -1).replace(TRAILING, '');
  return text;
}

/**
 * A message's text (docs/product.md "Conversations"): its line breaks kept (the caller's
 * `white-space: pre-wrap`), web addresses as links that open in a new tab without handing over
 * this page (`noopener noreferrer`) and tell search engines nothing is vouched for (`nofollow
 * ugc`). Anything else stays text: React escapes it, so no markup from a message reaches the page.
 */
export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    if (!href) continue;
    const start = match.index;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {address}
      </a>,
    );
    at = start + address.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
