import type { TUser } from '@/types/user';

/** The sections of /profile/edit, in page order; each is also the anchor of its section. */
export const PROFILE_SECTIONS = [
  'personal',
  'professional',
  'experiences',
  'educations',
  'skills',
  'roles',
  'languages',
] as const;
export type TProfileSection = (typeof PROFILE_SECTIONS)[number];

export type TCompletenessItem = { key: string; section: TProfileSection; done: boolean };

/**
 * What a complete profile has, in the order a visitor reads it, each with the section of
 * /profile/edit that fills it. Every item weighs the same.
 */
export function profileCompleteness(user: TUser): {
  percent: number;
  items: TCompletenessItem[];
  missing: TCompletenessItem[];
} {
  const has = (v: string | null | undefined) => Boolean(v && v.trim());
  const links = user.links ?? {};
  const items: TCompletenessItem[] = [
    { key: 'avatar', section: 'personal', done: has(user.avatar_url) },
    { key: 'headline', section: 'personal', done: has(user.headline) },
    { key: 'about', section: 'personal', done: has(user.about) },
    { key: 'location', section: 'personal', done: has(user.country_code) && has(user.city) },
    {
      key: 'links',
      section: 'professional',
      done: has(links.linkedin) || has(links.github) || has(links.website),
    },
    { key: 'cv', section: 'professional', done: has(user.cv_url) },
    { key: 'experiences', section: 'experiences', done: (user.workplaces ?? []).length > 0 },
    { key: 'educations', section: 'educations', done: (user.study_centres ?? []).length > 0 },
    { key: 'skills', section: 'skills', done: (user.skills ?? []).length >= 3 },
    { key: 'roles', section: 'roles', done: (user.roles_interest ?? []).length > 0 },
    { key: 'languages', section: 'languages', done: (user.languages ?? []).length > 0 },
  ];
  const done = items.filter((i) => i.done).length;
  return {
    percent: Math.round((done / items.length) * 100),
    items,
    missing: items.filter((i) => !i.done),
  };
}
