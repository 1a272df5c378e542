import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import type * as v from 'valibot';
import { errorText } from '@/lib/error-text';
import { validate, type TFieldError, type TValidation } from '@/lib/schemas/validate';

/**
 * A form's field errors, whether its own check (the shared schema, the same one the API runs)
 * or the server found them: each shows next to its field, in the active language, and goes as
 * soon as that field changes.
 */
export function useFieldErrors() {
  const { t } = useTranslation('common');
  const [errors, setErrors] = useState<TFieldError[]>([]);

  const check = useCallback(
    <S extends v.GenericSchema>(schema: S, value: unknown): TValidation<v.InferOutput<S>> => {
      const result = validate(schema, value);
      setErrors(result.ok ? [] : result.errors);
      return result;
    },
    [],
  );

  const text = (path: string) => {
    const error = errors.find((e) => e.path === path);
    return error ? errorText(t, error) : null;
  };

  const clear = useCallback((...paths: string[]) => {
    setErrors((list) =>
      list.some((e) => paths.includes(e.path)) ? list.filter((e) => !paths.includes(e.path)) : list,
    );
  }, []);

  return { errors, setErrors, check, text, clear };
}
