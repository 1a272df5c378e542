/** The claims of a Google ID token the client reads to prefill registration (not trusted). */
export type TGoogleProfile = { email: string; name: string; last_name: string; sub: string };

/** Decodes (does not verify: the server does) the payload of a Google ID token. */
export function readGoogleCredential(credential: string): TGoogleProfile | null {
  try {
    const part = credential.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (typeof claims.email !== 'string' || typeof claims.sub !== 'string') return null;
    return {
      email: claims.email,
      name: typeof claims.given_name === 'string' ? claims.given_name : String(claims.name ?? ''),
      last_name: typeof claims.family_name === 'string' ? claims.family_name : '',
      sub: claims.sub,
    };
  } catch {
    return null;
  }
}

type TGoogleAccounts = {
  accounts: {
    id: {
      initialize: (opts: {
        client_id: string;
        callback: (r: { credential: string }) => void;
      }) => void;
      renderButton: (el: HTMLElement, opts: Record<string, unknown>) => void;
    };
  };
};

let loading: Promise<TGoogleAccounts> | undefined;

/** Loads Google Identity Services once. */
export function loadGoogleIdentity(): Promise<TGoogleAccounts> {
  loading ??= new Promise((resolve, reject) => {
    const existing = (window as unknown as { google?: TGoogleAccounts }).google;
    if (existing?.accounts) return resolve(existing);
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => resolve((window as unknown as { google: TGoogleAccounts }).google);
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
