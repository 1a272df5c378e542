// Rules every text of ours obeys (docs/security.md "Text"), shared by forms and the server.

/** NUL and the other C0 and C1 control characters, but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** What a one-line field (a name, a title, a link) may not hold either. */
export const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

export const CONTROL_CHARS_MESSAGE = 'Control characters are not allowed.';
export const LINE_BREAKS_MESSAGE = 'Use a single line.';
