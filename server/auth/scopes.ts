import type { TScope } from '@/lib/schemas/tokens';

// What a personal access token may call (docs/api.md "Personal access tokens", docs/security.md
// "Personal access tokens"). A token carries some of SCOPES; each call a token may make is listed
// in TOKEN_SCOPE under its method and Hono route path below /api, with the one scope it needs.
// Every call not listed refuses every token with 403 `insufficient_scope` (deny by default):
// accounts, passwords, e-mail, deletion, the tokens themselves, webhooks, the operators' console.

// The scopes themselves are shared with the page that makes tokens (lib/schemas/tokens.ts).
export { SCOPES, type TScope } from '@/lib/schemas/tokens';

/** `'METHOD /path'` as `createApp(deps).routes` lists it without `/api` → the scope it needs. */
export const TOKEN_SCOPE: Record<string, TScope> = {
  // Reading postings: the search, one posting, a company's own list.
  'GET /projects': 'postings:read',
  'GET /projects/:id': 'postings:read',
  'GET /jobs': 'postings:read',
  'GET /jobs/:id': 'postings:read',
  'GET /me/postings': 'postings:read',
  // A company's applicants and their notes; a talent's own applications.
  'GET /projects/:id/applications': 'applications:read',
  'GET /jobs/:id/applications': 'applications:read',
  'GET /projects/:id/applications.csv': 'applications:read',
  'GET /jobs/:id/applications.csv': 'applications:read',
  'GET /project_applications/:id/notes': 'applications:read',
  'GET /job_applications/:id/notes': 'applications:read',
  'GET /me/applications': 'applications:read',
  // Moving applicants, one or many, and the team's notes and ratings on them.
  'POST /project_applications/changeApplicationStatus': 'applications:write',
  'POST /job_applications/changeApplicationStatus': 'applications:write',
  'POST /project_applications/bulk_status': 'applications:write',
  'POST /job_applications/bulk_status': 'applications:write',
  'POST /project_applications/:id/notes': 'applications:write',
  'POST /job_applications/:id/notes': 'applications:write',
  'PATCH /notes/:id': 'applications:write',
  'DELETE /notes/:id': 'applications:write',
  'PUT /project_applications/:id/rating': 'applications:write',
  'DELETE /project_applications/:id/rating': 'applications:write',
  'PUT /job_applications/:id/rating': 'applications:write',
  'DELETE /job_applications/:id/rating': 'applications:write',
  // Conversations: list, read, start, send, mark read (not blocking: a person's own decision).
  'GET /conversations': 'messages:write',
  'POST /conversations': 'messages:write',
  'GET /conversations/:id': 'messages:write',
  'GET /conversations/:id/messages': 'messages:write',
  'POST /conversations/:id/messages': 'messages:write',
  'PATCH /conversations/:id/read': 'messages:write',
};

/** The scope a call needs from a token (HEAD is read as GET), or null: no token may call it. */
export function scopeOf(method: string, routePath: string): TScope | null {
  const verb = method === 'HEAD' ? 'GET' : method;
  const path = routePath.startsWith('/api/') ? routePath.slice(4) : routePath;
  return TOKEN_SCOPE[`${verb} ${path}`] ?? null;
}
