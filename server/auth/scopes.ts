// Stub of the personal access tokens' scopes (slice T owns this file; its version wins).
export const SCOPES = [
  'postings:read',
  'applications:read',
  'applications:write',
  'messages:write',
] as const;

export type TScope = (typeof SCOPES)[number];

/** The scope a personal access token needs per `'METHOD /path'` (deny by default). */
export const TOKEN_SCOPE: Record<string, TScope> = {};
