import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '../helpers/catalogs';
import { isFormerUser, personName } from '@/lib/person-name';
import { FORMER_USER_NAME } from '@/server/services/account/deletion';

// docs/product.md "Deleting one's account": a deleted account reads "Former user" in the reader's
// language wherever the UI names a person.

const tOf = (lang: 'en' | 'es') =>
  ((key: string) => {
    const [group, name] = key.split('.') as [string, string];
    return (CATALOGS[lang].common as unknown as Record<string, Record<string, string>>)[group]![
      name
    ];
  }) as unknown as TFunction;

describe('personName', () => {
  it('names a deleted account in the reader’s language, anyone else by their name', () => {
    const former = { name: FORMER_USER_NAME, last_name: '' };
    expect(isFormerUser(former)).toBe(true);
    expect(personName(tOf('en'), former)).toBe('Former user');
    expect(personName(tOf('es'), former)).toBe('Usuario eliminado');
    expect(personName(tOf('es'), { name: 'Ana', last_name: 'Quispe' })).toBe('Ana Quispe');
    // Someone whose last name is set is a person, whatever their first name.
    expect(personName(tOf('es'), { name: FORMER_USER_NAME, last_name: 'Smith' })).toBe(
      'Former user Smith',
    );
  });
});
