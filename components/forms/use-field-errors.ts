import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import type * as v from 'valibot';
import { errorText } from '@/lib/error-text';
import { validate, type TFieldError, type TValidation } from '@/lib/schemas/validate';

/**
 * Moves focus to the first field marked invalid in the form or section whose button was just
 * pressed, so an error far above the Save button is seen (and read out).
 */
function focusFirstInvalid() {
  const scope = document.activeElement?.closest('form, section');
  requestAnimationFrame(() => scope?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A form's field errors, whether its own check (the shared schema, the same one the API runs)
 * or the server found them: each shows next to its field, in the active language, and goes as
 * soon as that field changes.
 */
export function useFieldErrors() {
  const { t } = useTranslation('common');
  const [errors, setList] = useState<TFieldError[]>([]);

  const setErrors = useCallback((next: TFieldError[]) => {
    setList(next);
    if (next.length > 0) focusFirstInvalid();
  }, []);

  const check = useCallback(
    <S extends v.GenericSchema>(schema: S, value: unknown): TValidation<v.InferOutput<S>> => {
      const result = validate(schema, value);
      setErrors(result.ok ? [] : result.errors);
      return result;
    },
    [setErrors],
  );

  const text = (path: string) => {
    const error = errors.find((e) => e.path === path);
    return error ? errorText(t, error) : null;
  };

  const clear = useCallback((...paths: string[]) => {
    setList((list) =>
      list.some((e) => paths.includes(e.path)) ? list.filter((e) => !paths.includes(e.path)) : list,
    );
  }, []);

  /** A text control's value, change and error: a change sets the value and drops its error. */
  const bind = (path: string, value: string, set: (value: string) => void) => ({
    value,
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      clear(path);
    },
    error: text(path),
  });

  return { errors, setErrors, check, text, clear, bind };
}
