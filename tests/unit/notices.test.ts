import { describe, expect, it } from 'vitest';
import { flatten } from '@/scripts/check-i18n.mjs';
import { notice, NOTICE_CATALOGS, notices, withReason } from '@/lib/i18n/notices';

// The server's notification and e-mail texts (lib/i18n/notices.ts, public/locales/*/notices.json;
// docs/architecture.md "Notification and e-mail texts").

describe('the notices catalog', () => {
  it('has every key in English and in Spanish, none empty, with the same placeholders', () => {
    const en = flatten(NOTICE_CATALOGS.en) as Record<string, string>;
    const es = flatten(NOTICE_CATALOGS.es) as Record<string, string>;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) {
      expect(en[key], key).not.toBe('');
      expect(es[key], key).not.toBe('');
      expect(placeholders(es[key]!), key).toEqual(placeholders(en[key]!));
    }
  });

  it('writes a status change to the talent in both languages, with the posting’s name quoted', () => {
    expect(notices('status.hired', { posting: 'Logo' })).toEqual([
      'Congratulations! You were hired for “Logo”.',
      '¡Felicitaciones! Tu postulación a “Logo” fue aceptada: te contrataron.',
    ]);
    expect(notice('es', 'status.shortlisted', { posting: 'Logo' })).toBe(
      'Buenas noticias: tu postulación a “Logo” quedó preseleccionada.',
    );
  });

  it('fills every placeholder, and takes a name with $ or braces as written', () => {
    expect(notice('en', 'ready_to_close', { name: 'Ana $& Quispe', posting: '{{name}} app' })).toBe(
      'Ana $& Quispe marked “{{name}} app” ready to close. Review the work and finish the project.',
    );
    expect(notice('es', 'ready_to_close', { name: 'Ana', posting: 'App' })).toBe(
      'Ana marcó “App” como listo para cerrar. Revisa el trabajo y finaliza el proyecto.',
    );
  });

  it('adds the reason in each language: the owner’s words, or a reason of its own per language', () => {
    const texts = notices('status.rejected', { posting: 'Web' });
    expect(withReason(texts, 'Too junior')).toEqual([
      'Your application to “Web” was not selected.\nReason: Too junior',
      'Tu postulación a “Web” no fue seleccionada.\nMotivo: Too junior',
    ]);
    expect(withReason(texts, null)).toEqual(texts);
    expect(
      withReason(notices('posting_closed', { posting: 'Web' }), notices('position_closed')),
    ).toEqual([
      '“Web” is closed, so your application was not selected. Thank you for applying.\nReason: Position closed.',
      '“Web” se cerró, así que tu postulación no fue seleccionada. Gracias por postularte.\nMotivo: Puesto cerrado.',
    ]);
  });
});
