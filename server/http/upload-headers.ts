/** RFC 5987 value of `filename*`. */
const extValue = (s: string) =>
  encodeURIComponent(s).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The headers a stored upload is served with (docs/security.md "Headers"): its detected type,
 * nosniff, a policy that makes it data and never a page, inline only for images, and a long
 * cache (keys are never reused).
 */
export function uploadHeaders(file: { mime: string; originalName: string; size: number }) {
  const inline = file.mime.startsWith('image/');
  const ascii = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'Content-Type': file.mime,
    'Content-Length': String(file.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; sandbox",
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${extValue(file.originalName)}`,
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
}
