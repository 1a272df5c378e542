import { ErrorScreen } from './error-screen';

/**
 * What an address the server refused renders instead of its page, with a 400 (server/ssr/page.ts):
 * pages/_app.tsx loads it as a chunk of its own, since almost no visit needs it.
 */
export default function AddressRefused() {
  return <ErrorScreen kind="bad_address" />;
}
