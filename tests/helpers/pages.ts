import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import { SESSION_COOKIE } from '@/lib/session-cookie';

// Server-rendered pages in-process: each page's own getServerSideProps, called with the context
// Next would build for a request, over the test's database (server/ssr/context.ts setSsrDeps).

const PAGES_DIR = path.resolve(__dirname, '../../pages');

/** A page file that exports getServerSideProps, and its route (`/jobs/[id]`). */
export type TServerPageFile = { file: string; route: string };

/** Every page under pages/ (API routes aside) whose source exports getServerSideProps. */
export function serverPageFiles(): TServerPageFile[] {
  const found: TServerPageFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(PAGES_DIR, 'api')) walk(full);
      } else if (/\.(tsx|ts|jsx|js)$/.test(entry.name)) {
        const source = fs.readFileSync(full, 'utf8');
        const exported =
          /export\s+(?:const|let|var|async\s+function|function)\s+getServerSideProps\b/.test(
            source,
          ) || /export\s*\{[^}]*\bgetServerSideProps\b[^}]*\}/.test(source);
        if (!exported) continue;
        const route = `/${path.relative(PAGES_DIR, full)}`
          .replace(/\.(tsx|ts|jsx|js)$/, '')
          .replace(/\/index$/, '/');
        found.push({ file: path.relative(path.resolve(PAGES_DIR, '..'), full), route });
      }
    }
  };
  walk(PAGES_DIR);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

/** The page module's getServerSideProps. */
export async function getServerSidePropsOf(page: TServerPageFile): Promise<GetServerSideProps> {
  const mod = (await import(/* @vite-ignore */ path.resolve(PAGES_DIR, '..', page.file))) as {
    getServerSideProps: GetServerSideProps;
  };
  return mod.getServerSideProps;
}

type TQuery = Record<string, string | string[]>;

/** A query string's parameters as Next hands them to a page: a repeated key is an array. */
export function queryOf(search: string): TQuery {
  const query: TQuery = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...[seen].flat(), value];
  }
  return query;
}

export type TPageRequest = {
  route: string;
  /** The route's parameters (`{ id: '1' }` for `/jobs/[id]`). */
  params?: Record<string, string>;
  /** The query string, without `?`. */
  search?: string;
  locale?: 'en' | 'es';
  /** An access token, sent as the session cookie. */
  token?: string;
  /** More cookies of the request (`tc_company=4`), after the session's. */
  cookies?: string;
};

/** Text as it arrives through a URL: UTF-8 has no lone surrogate (it becomes U+FFFD). */
const throughUrl = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s));

/** The context Next builds for a request of `route` (params in the path, then the query string). */
export function pageContext({
  route,
  params: sent = {},
  search = '',
  locale = 'en',
  token,
  cookies,
}: TPageRequest): GetServerSidePropsContext & { res: ServerResponse } {
  const params = Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, throughUrl(v)]));
  const pathname = route.replace(/\[(\w+)\]/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const resolvedUrl = search ? `${pathname}?${search}` : pathname;
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = `${locale === 'en' ? '' : `/${locale}`}${resolvedUrl}`;
  const cookie = [token && `${SESSION_COOKIE}=${token}`, cookies].filter(Boolean).join('; ');
  req.headers = { host: 'app.test', ...(cookie ? { cookie } : {}) };
  const res = new ServerResponse(req);
  return {
    req: req as GetServerSidePropsContext['req'],
    res,
    params,
    query: { ...queryOf(search), ...params },
    resolvedUrl,
    locale,
    locales: ['en', 'es'],
    defaultLocale: 'en',
  };
}
