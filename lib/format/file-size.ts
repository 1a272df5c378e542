/** Seed §9: a file size in MB with two decimals (bytes / 1048576): 524288 → "0.50 MB". */
export function formatFileSize(bytes: number): string {
  const mb = Math.max(0, Number.isFinite(bytes) ? bytes : 0) / 1048576;
  return `${mb.toFixed(2)} MB`;
}
