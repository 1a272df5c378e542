import * as v from 'valibot';

// Shapes shared by the answers of server/openapi/answers/*: the success envelope of a write that
// also says what it did, in both languages (docs/api.md "Answers"), and the small pieces every
// area repeats.

/** `{status: true, data, message, message_es}`: a write's answer with its success text. */
export const okSaid = <S extends v.GenericSchema>(data: S) =>
  v.strictObject({
    status: v.literal(true),
    data,
    message: v.string(),
    message_es: v.string(),
  });

/** `{status: true, message, message_es}`: a write with no data and its success text. */
export const doneSaid = () =>
  v.strictObject({ status: v.literal(true), message: v.string(), message_es: v.string() });

/** A whole number (ids, counts, amounts in minor units). */
export const int = () => v.pipe(v.number(), v.integer());

/** A calendar day, `YYYY-MM-DD` (date columns, not timestamps). */
export const day = () => v.pipe(v.string(), v.isoDate());

/** One of a fixed set of numbers (status ids). */
export const oneOf = <const T extends readonly number[]>(values: T) => v.picklist(values);

/** docs/api.md "Lists": a page of `item`. */
export const pageOf = <S extends v.GenericSchema>(item: S) =>
  v.strictObject({
    data: v.array(item),
    total: int(),
    page: int(),
    per_page: int(),
    last_page: int(),
  });
