import * as v from 'valibot';

/**
 * One invalid field (docs/api.md "Errors"): its dotted path, a stable code, the code's
 * parameters (`{max: 100}` for `too_long`) and, from the server, an English text.
 */
export type TFieldError = {
  path: string;
  code: string;
  params?: Record<string, string | number>;
  message?: string;
};

export type TValidation<T> = { ok: true; value: T } | { ok: false; errors: TFieldError[] };

/** The parameter each code carries, read from the check's requirement. */
const PARAM_OF: Record<string, string> = {
  too_short: 'min',
  too_long: 'max',
  too_small: 'min',
  too_large: 'max',
  too_many: 'max',
};

const CODE = /^[a-z_]+$/;

function toFieldError(issue: v.BaseIssue<unknown>): TFieldError {
  const path = v.getDotPath(issue) ?? '(body)';
  let code = CODE.test(issue.message) ? issue.message : 'invalid';
  // A missing value fails its type check first: that is "required", whatever the type.
  if (issue.kind === 'schema' && issue.input === undefined) code = 'required';
  const param = PARAM_OF[code];
  const params =
    param && typeof issue.requirement === 'number' ? { [param]: issue.requirement } : undefined;
  return params ? { path, code, params } : { path, code };
}

/**
 * Runs `schema` on `input`: the parsed value, or one error per field (the first found). The forms
 * and the API call this same function, so both always give the same verdict.
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): TValidation<v.InferOutput<S>> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: TFieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const error = toFieldError(issue);
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    errors.push(error);
  }
  return { ok: false, errors };
}

/** The errors as a map from path to error, for a form's fields. */
export const errorsByPath = (errors: TFieldError[]): Record<string, TFieldError> =>
  Object.fromEntries(errors.map((e) => [e.path, e]));
