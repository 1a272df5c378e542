import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureText } from '@/components/forms/failure-text';
import { outcomeOf, type TFailure } from '@/services/http-client';
import { makeI18n } from '../helpers/i18n';

type TSay = (error: unknown, options?: Parameters<typeof failureText>[3]) => string;
const say: Record<'en' | 'es', TSay> = {} as never;
beforeAll(async () => {
  for (const lang of ['en', 'es'] as const) {
    const i18n = await makeI18n(lang);
    say[lang] = (error, options) => failureText(i18n.t as TFunction, lang, error, options);
  }
});

/** A failed answer of the API, read as the HTTP client reads it. */
function answered(status: number, body: object, retryAfter?: string): TFailure {
  const outcome = outcomeOf(status, { status: false, ...body }, retryAfter);
  if (outcome.ok) throw new Error('not a failure');
  return outcome.failure;
}
const offline: TFailure = { code: 'network', status: 0, fields: [] };

describe('the text of a failed request', () => {
  it('offline (no answer): says so and that nothing was saved, distinct from a refusal', () => {
    expect(say.en(offline)).toBe(
      'You seem to be offline: nothing was saved. Check your connection and try again.',
    );
    expect(say.es(offline)).toBe(
      'Parece que no tienes conexión: no se guardó nada. Revisa tu conexión y vuelve a intentarlo.',
    );
    // A read, or a save of which part went through, does not claim that nothing was saved.
    expect(say.en(offline, { nothingSaved: false })).toBe(
      'You seem to be offline. Check your connection and try again.',
    );
    expect(say.es(offline, { nothingSaved: false })).toBe(
      'Parece que no tienes conexión. Revisa tu conexión y vuelve a intentarlo.',
    );
  });

  it("offline where the seed gives the place's words: keeps them, then says why", () => {
    // docs/product.md "Error catalogue": "Info save: 'Error saving information' / 'Error al guardar la información'".
    expect(say.en(offline, { fallback: 'Error saving information' })).toBe(
      'Error saving information. You seem to be offline: nothing was saved. Check your connection.',
    );
    expect(say.es(offline, { fallback: 'Error al guardar la información' })).toBe(
      'Error al guardar la información. Parece que no tienes conexión: no se guardó nada. Revisa tu conexión.',
    );
  });

  it('reads a request that threw without an answer (axios network error) as offline', () => {
    const thrown = { isAxiosError: true, message: 'Network Error', response: undefined };
    expect(say.en(thrown)).toMatch(/^You seem to be offline/);
    expect(say.es(thrown)).toMatch(/^Parece que no tienes conexión/);
  });

  it('400 with field errors: "check the fields marked" for a field on screen, the reason for one not shown', () => {
    const failure = answered(400, {
      code: 'invalid_input',
      errors: [
        { path: 'summary', code: 'required' },
        { path: 'job_id', code: 'closed' },
      ],
    });
    expect(say.en(failure, { shown: ['summary', 'job_id'] })).toBe(
      'Some of the data is not valid. Check the fields marked.',
    );
    expect(say.es(failure, { shown: ['summary', 'job_id'] })).toBe(
      'Algunos datos no son válidos. Revisa los campos marcados.',
    );
    expect(say.en(failure, { shown: ['summary'] })).toBe(
      'This posting is no longer taking applications.',
    );
    expect(say.es(failure, { shown: ['summary'] })).toBe(
      'Esta publicación ya no recibe postulaciones.',
    );
    // Without `shown`, the first field's reason.
    expect(say.en(failure)).toBe('This field is required.');
    expect(say.es(failure)).toBe('Este campo es obligatorio.');
  });

  it('401, 403 and 404: the code’s text in the active language', () => {
    const cases = [
      [401, 'unauthorized', 'You need to sign in.', 'Debes iniciar sesión.'],
      [403, 'forbidden', 'You are not allowed to do this.', 'No tienes permiso para hacer esto.'],
      [404, 'not_found', 'We could not find it.', 'No lo encontramos.'],
    ] as const;
    for (const [status, code, en, es] of cases) {
      const failure = answered(status, { code, message: 'Server words.', message_es: 'Palabras.' });
      expect(say.en(failure)).toBe(en);
      expect(say.es(failure)).toBe(es);
    }
  });

  it("409: the code's text, or the server's own words where the code has none (a refused move)", () => {
    const applied = answered(409, { code: 'already_applied' });
    expect(say.en(applied)).toBe('You have already applied to this posting.');
    expect(say.es(applied)).toBe('Ya postulaste a esta publicación.');
    const refused = answered(409, {
      code: 'invalid_transition',
      message: 'Hire at least one applicant first.',
      message_es: 'Primero contrata al menos a un postulante.',
    });
    expect(say.en(refused)).toBe('Hire at least one applicant first.');
    expect(say.es(refused)).toBe('Primero contrata al menos a un postulante.');
  });

  it('429: how long to wait, from Retry-After; a moment without it', () => {
    const limited = answered(429, { code: 'rate_limited' }, '30');
    expect(say.en(limited)).toBe('Too many attempts. Please wait 30 seconds and try again.');
    expect(say.es(limited)).toBe('Demasiados intentos. Espera 30 segundos y vuelve a intentarlo.');
    const later = answered(429, { code: 'rate_limited' });
    expect(say.en(later)).toBe('Too many attempts. Please wait a moment and try again.');
    expect(say.es(later)).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
  });

  it("5xx: the place's words (the seed's error catalogue), else something went wrong on our side", () => {
    const broke = outcomeOf(502, '<html>Bad gateway</html>');
    if (broke.ok) throw new Error('not a failure');
    expect(say.en(broke.failure)).toBe('Something went wrong on our side. Please try again.');
    expect(say.es(broke.failure)).toBe('Algo salió mal de nuestro lado. Vuelve a intentarlo.');
    // docs/product.md "Error catalogue", "Application updates": "Error al actualizar los datos, por favor vuelva a intentar."
    expect(
      say.es(broke.failure, {
        fallback: 'Error al actualizar los datos, por favor vuelva a intentar.',
      }),
    ).toBe('Error al actualizar los datos, por favor vuelva a intentar.');
    const down = answered(503, { code: 'unavailable' });
    expect(say.en(down)).toBe('The service is unavailable right now. Please try again later.');
    expect(say.es(down)).toBe(
      'El servicio no está disponible ahora. Vuelve a intentarlo más tarde.',
    );
  });

  it("a place's own text for a code, of the failure or of a field (the seed's error catalogue sign-in and recovery texts)", () => {
    const refused = answered(401, { code: 'unauthorized' });
    expect(say.en(refused, { codes: { unauthorized: 'Email and/or password incorrect' } })).toBe(
      'Email and/or password incorrect',
    );
    const wrongCode = answered(400, {
      code: 'invalid_input',
      errors: [{ path: 'code', code: 'wrong_code' }],
    });
    expect(say.es(wrongCode, { codes: { wrong_code: 'Código de recuperación incorrecto' } })).toBe(
      'Código de recuperación incorrecto',
    );
  });

  it('an error that is not the API’s (a thrown bug) reads as a failure on our side', () => {
    expect(say.en(new TypeError('x is undefined'))).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(say.es(undefined)).toBe('Algo salió mal de nuestro lado. Vuelve a intentarlo.');
  });
});
