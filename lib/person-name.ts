import type { TFunction } from 'i18next';

/**
 * The name a deleted account keeps (server/services/account/deletion.ts): its row stays, erased,
 * so that applications, messages and reviews still have an author (docs/product.md "Deleting
 * one's account").
 */
export const FORMER_USER_NAME = 'Former user';

/** Whether a person as the API names them is a deleted account. */
export const isFormerUser = (p: { name: string; last_name?: string | null }) =>
  p.name === FORMER_USER_NAME && !p.last_name;

/**
 * A person's full name as the UI shows it: a deleted account reads "Former user" in the
 * reader's language ("Usuario eliminado"), with `t` of any namespace.
 */
export function personName(t: TFunction, p: { name: string; last_name?: string | null }) {
  if (isFormerUser(p)) return t('people.former_user', { ns: 'common' });
  return `${p.name} ${p.last_name ?? ''}`.trim();
}
