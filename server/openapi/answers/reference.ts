import * as v from 'valibot';
import { ok } from '../registry';

// The reference lists (docs/api.md "Reference").

export const countriesAnswer = ok(
  v.array(v.strictObject({ code: v.string(), name_en: v.string(), name_es: v.string() })),
);

export const languagesAnswer = ok(
  v.array(
    v.strictObject({
      id: v.pipe(v.number(), v.integer()),
      code: v.string(),
      name_en: v.string(),
      name_es: v.string(),
    }),
  ),
);
