import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { openApiDocument } from '@/server/openapi/document';

// The described API (docs/api.md "OpenAPI"): the document and its interactive reference. Both
// come before the request context, so they never open the database.

/** The document changes only with a deploy: cacheable for five minutes. */
const DOCUMENT_CACHE = 'public, max-age=300';
/** The assets' URLs carry swagger-ui-dist's version, so a browser may keep them for a year. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

const SWAGGER_DIR = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');

/** The reference page's own script: starts Swagger UI on the document (no inline script). */
const INIT_SCRIPT = `'use strict';
window.addEventListener('load', function () {
  window.ui = window.SwaggerUIBundle({
    url: window.location.pathname.replace(/\\/docs\\/?$/, '/openapi.json'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    displayOperationId: false,
    defaultModelsExpandDepth: 0,
  });
});
`;

const ASSETS: Record<string, { file?: string; body?: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'init.js': { body: INIT_SCRIPT, type: 'text/javascript; charset=utf-8' },
};

const loaded = new Map<string, string>();

/** An asset's text, read from swagger-ui-dist once per process. */
function assetBody(name: string) {
  const asset = ASSETS[name];
  if (!asset) return undefined;
  if (asset.body !== undefined) return asset.body;
  let body = loaded.get(name);
  if (body === undefined) {
    body = fs.readFileSync(path.join(SWAGGER_DIR, asset.file!), 'utf8');
    loaded.set(name, body);
  }
  return body;
}

let version: string | undefined;
const swaggerVersion = () =>
  (version ??= (
    JSON.parse(fs.readFileSync(path.join(SWAGGER_DIR, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version);

/**
 * The page's own policy: its scripts and styles from this origin only (Swagger UI writes style
 * attributes, hence 'unsafe-inline' for styles, never for scripts), "Try it out" calls this
 * origin only.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function page() {
  const v = encodeURIComponent(swaggerVersion());
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>TalentChain API reference</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css?v=${v}">
</head>
<body>
<main id="swagger-ui"></main>
<script src="docs/assets/swagger-ui-bundle.js?v=${v}"></script>
<script src="docs/assets/init.js?v=${v}"></script>
</body>
</html>
`;
}

export const openApiRoutes = new Hono<TAppEnv>()
  .get('/openapi.json', (c) => {
    c.header('Cache-Control', DOCUMENT_CACHE);
    return c.body(openApiDocument().json, 200, {
      'Content-Type': 'application/json; charset=UTF-8',
    });
  })
  .get('/docs', (c) => {
    c.header('Cache-Control', DOCUMENT_CACHE);
    c.header('Content-Security-Policy', DOCS_CSP);
    return c.html(page());
  })
  .get('/docs/assets/:name', (c) => {
    const name = c.req.param('name');
    const body = assetBody(name);
    const asset = ASSETS[name];
    if (body === undefined || !asset) throw new AppError('not_found');
    c.header('Cache-Control', ASSET_CACHE);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(body, 200, { 'Content-Type': asset.type });
  });
