import { publicEnv } from '@/lib/public-env';

/**
 * Where the browser fetches an upload: the API answers paths such as /api/uploads/<key>, which
 * live on the API's host (this site unless NEXT_PUBLIC_API_URL points elsewhere).
 */
export function assetUrl(url: string): string {
  if (!url.startsWith('/')) return url;
  return `${(publicEnv.NEXT_PUBLIC_API_URL ?? '').replace(/\/$/, '')}${url}`;
}
