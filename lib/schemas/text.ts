import * as v from 'valibot';

// The rules every text of ours obeys (docs/security.md "Text"), shared by forms and the server.
// Messages are error codes (docs/api.md "Errors"); the client turns them into text.

/** NUL and the other C0 and C1 control characters, but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** What a one-line field (a name, a title, a link) may not hold either. */
export const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** '' (or only spaces) and null both mean "nothing" for an optional field. */
export const blankToNull = (x: unknown) =>
  x === null || (typeof x === 'string' && x.trim() === '') ? null : x;

/** No control characters. */
export const noControlChars = () =>
  v.check((s: string) => !CONTROL_CHARS.test(s), 'control_characters');

/**
 * A cheap length bound run before heavier work (against megabyte strings), reported as
 * `too_long` with the field's real `max`: the bound is an implementation detail, not the rule.
 */
const lengthBound = (bound: number, max: number): v.MaxLengthAction<string, number, 'too_long'> => {
  const action = v.maxLength<string, number, 'too_long'>(max, 'too_long');
  return {
    ...action,
    '~run'(dataset, config) {
      if (dataset.typed && dataset.value.length > bound) {
        v._addIssue(this, 'length', dataset, config, { received: `${dataset.value.length}` });
      }
      return dataset;
    },
  };
};

/** One line: no control characters nor tabs or line breaks. */
export const oneLineOnly = () =>
  [noControlChars(), v.check((s: string) => !LINE_BREAKS.test(s), 'line_breaks')] as const;

/**
 * A one-line text: trimmed, runs of spaces collapsed, then `min`..`max` characters. An empty
 * required one is `required`.
 */
export const line = (min: number, max: number) =>
  v.pipe(
    v.string('invalid_type'),
    // A cheap bound before the work below, against megabyte strings.
    lengthBound(max * 4, max),
    ...oneLineOnly(),
    v.transform(collapse),
    min <= 1
      ? v.check((s: string) => min === 0 || s.length > 0, 'required')
      : v.minLength(min, 'too_short'),
    v.maxLength(max, 'too_long'),
  );

/** An optional value: blank text or null means null, anything else `schema` checks. */
export const blankOr = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.optional(v.pipe(v.unknown(), v.transform(blankToNull), v.nullable(schema)));

/** An optional one-line text: empty means null. */
export const optionalLine = (max: number) => blankOr(line(1, max));

/** An optional multi-line text (tabs and line breaks allowed): trimmed, empty means null. */
export const optionalText = (max: number) =>
  blankOr(
    v.pipe(v.string('invalid_type'), noControlChars(), v.trim(), v.maxLength(max, 'too_long')),
  );
