import en from '@/public/locales/en/common.json';

// The English texts of the error codes come from the client's own catalog, so the API and the
// screens say the same thing (docs/api.md "Errors").

const TEXTS: Record<string, string> = en.errors;

/** Every code the catalog has a text for: field codes and the envelope's codes. */
export type TErrorTextCode = keyof typeof en.errors;

export type TErrorParams = Record<string, string | number>;

/** The catalog's English text of `errors.<code>` with `{{param}}` filled in; the code if none. */
export function errorText(code: string, params: TErrorParams = {}): string {
  const text = TEXTS[code];
  if (text === undefined) return code;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
