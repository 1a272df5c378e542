const KB = 1024;
const MB = 1048576;

/**
 * A file size: in MB with two decimals (docs/product.md "Constants and limits": bytes / 1048576) from 1 MB on, and in KB below,
 * where "0.00 MB" would say nothing: 524288 → "512 KB", 2097152 → "2.00 MB".
 */
export function formatFileSize(bytes: number): string {
  const size = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  if (size < MB) return `${size === 0 ? 0 : Math.max(1, Math.round(size / KB))} KB`;
  return `${(size / MB).toFixed(2)} MB`;
}
