import { todayIso } from '@/lib/validation';

// Client-side checks of the profile forms, mirroring lib/schemas/profile.ts (which the browser must
// not import: zod would weigh on the first load). Each answers a key of the 'profile' catalog or null.

export const LIMITS = {
  name: 100,
  line: 150,
  city: 100,
  headline: 160,
  text: 2000,
  phone: 32,
  link: 300,
  skill: 60,
  role: 80,
  skills: 50,
  roles: 20,
  languages: 30,
  imageBytes: 5 * 1024 * 1024,
  fileBytes: 10 * 1024 * 1024,
} as const;

export function required(value: string | null | undefined): string | null {
  return value && value.trim() ? null : 'form.errors.required';
}

export function phoneError(value: string): string | null {
  if (!value.trim()) return null;
  return /^[0-9 +()-]*[0-9][0-9 +()-]*$/.test(value.trim()) ? null : 'form.errors.phone';
}

/** An optional web address: http or https only. */
export function linkError(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'form.errors.url';
  } catch {
    return 'form.errors.url';
  }
}

/** An optional e-mail: empty is allowed (it removes the stored one). */
export function optionalEmailError(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'form.errors.email';
}

/** A start date: required, never in the future (the server refuses it too). */
export function startDateError(start: string, today = todayIso()): string | null {
  if (!start) return 'form.errors.required';
  return start > today ? 'form.errors.date_future' : null;
}

/** An end date: required unless the entry is current, never before the start. */
export function endDateError(start: string, end: string, current: boolean): string | null {
  if (current) return null;
  if (!end) return 'form.errors.end_required';
  return start && end < start ? 'form.errors.end_before_start' : null;
}
