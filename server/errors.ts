import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The stable machine words of API.md's envelope, with their HTTP status. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type TErrorCode = keyof typeof ERROR_STATUS;

/** One invalid field: its dotted path, a stable code where one is set, and an English text. */
export type TFieldError = { path: string; message: string; code?: string };

/** Default bilingual texts per code; services pass their own where they know better. */
const DEFAULT_TEXT: Record<TErrorCode, [string, string]> = {
  invalid_input: ['The data sent is not valid.', 'Los datos enviados no son válidos.'],
  unauthorized: ['You need to sign in.', 'Debes iniciar sesión.'],
  forbidden: ['You are not allowed to do this.', 'No tienes permiso para hacer esto.'],
  not_found: ['Not found.', 'No encontrado.'],
  conflict: ['This conflicts with existing data.', 'Esto entra en conflicto con datos existentes.'],
  payload_too_large: ['The upload is too large.', 'El archivo es demasiado grande.'],
  unsupported_media_type: [
    'This type of file is not accepted.',
    'Este tipo de archivo no se acepta.',
  ],
  unprocessable: [
    'The data sent cannot be processed.',
    'Los datos enviados no se pueden procesar.',
  ],
  rate_limited: [
    'Too many attempts. Please wait and try again.',
    'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  ],
  internal: ['Something went wrong on our side.', 'Algo salió mal de nuestro lado.'],
  unavailable: ['The service is unavailable.', 'El servicio no está disponible.'],
};

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly messageEs: string;
  readonly errors?: TFieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    code: TErrorCode,
    opts: {
      message?: string;
      messageEs?: string;
      errors?: TFieldError[];
      headers?: Record<string, string>;
    } = {},
  ) {
    const [en, es] = DEFAULT_TEXT[code];
    super(opts.message ?? en);
    this.name = 'AppError';
    this.code = code;
    this.messageEs = opts.messageEs ?? (opts.message === undefined ? es : opts.message);
    this.errors = opts.errors;
    this.headers = opts.headers;
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }

  toBody() {
    return {
      status: false as const,
      code: this.code,
      message: this.message,
      message_es: this.messageEs,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}
