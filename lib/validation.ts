/** Client-side checks that mirror the server's rules; each answers a translation key or null. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | null {
  if (!value.trim()) return 'validation.required';
  return EMAIL.test(value.trim()) ? null : 'validation.email';
}

export function passwordError(value: string): string | null {
  if (!value) return 'validation.required';
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX)
    return 'validation.password_length';
  return null;
}

export function requiredError(value: string | null | undefined): string | null {
  return value && value.trim() ? null : 'validation.required';
}

/** The date as YYYY-MM-DD in local time (seed §9). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Drops the entries whose value is null, so `{ a: null }` means "no errors". */
export function compactErrors<K extends string>(
  errors: Record<K, string | null>,
): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Partial<
    Record<K, string>
  >;
}
