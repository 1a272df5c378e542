import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { TFieldError as TSchemaFieldError } from '@/lib/schemas/validate';
import { errorText, type TErrorParams, type TErrorTextCode } from './error-texts';

/** The stable machine words of the envelope (docs/api.md "Errors"), with their HTTP status. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The account is suspended by an operator: sign-in refused (docs/api.md "Operators"). */
  suspended: 403,
  not_found: 404,
  conflict: 409,
  /** The posting no longer takes applications or edits (docs/api.md "Marketplace"). */
  closed: 409,
  already_applied: 409,
  /** The talent was already invited to the posting (docs/api.md "Invitations to apply"). */
  already_invited: 409,
  /** This side already reviewed the work (docs/api.md "Reviews"). */
  already_reviewed: 409,
  own_posting: 403,
  /** A personal access token used outside its scopes (docs/api.md "Personal access tokens"). */
  insufficient_scope: 403,
  /** A pipeline or lifecycle move the rules refuse (docs/api.md "Pipeline and lifecycle"). */
  invalid_transition: 409,
  /** The change would leave a company without an owner (docs/api.md "Companies and teams"). */
  last_owner: 409,
  /** An invitation's link is past its 7 days (docs/api.md "Companies and teams"). */
  expired: 409,
  /** A conversation one side has blocked (docs/api.md "Conversations"). */
  blocked: 409,
  /** A per-user limit of a list is reached: saved searches, favourites (docs/api.md "Saved searches", "Favourites"). */
  limit: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type TErrorCode = keyof typeof ERROR_STATUS;

/**
 * One invalid field as the API answers it (docs/api.md "Errors"): its dotted path, a stable code,
 * the code's parameters, and the English text of `errors.<code>` in the catalog.
 */
export type TFieldError = { path: string; code: string; params?: TErrorParams; message: string };

/** A field error as raised: the text is added from the catalog, never written by hand. */
export type TFieldProblem = Omit<TSchemaFieldError, 'message'>;

/** A field error with one of the catalog's codes (a typo does not compile). */
export const fieldError = (
  path: string,
  code: TErrorTextCode,
  params?: TErrorParams,
): TFieldProblem => (params ? { path, code, params } : { path, code });

const withText = ({ path, code, params }: TFieldProblem): TFieldError =>
  params
    ? { path, code, params, message: errorText(code, params) }
    : { path, code, message: errorText(code) };

/** Default bilingual texts per code; services pass their own where they know better. */
const DEFAULT_TEXT: Record<TErrorCode, [string, string]> = {
  invalid_input: ['The data sent is not valid.', 'Los datos enviados no son válidos.'],
  unauthorized: ['You need to sign in.', 'Debes iniciar sesión.'],
  forbidden: ['You are not allowed to do this.', 'No tienes permiso para hacer esto.'],
  suspended: [
    "This account is suspended. Write to the platform's support if you think this is a mistake.",
    'Esta cuenta está suspendida. Escribe al soporte de la plataforma si crees que es un error.',
  ],
  not_found: ['Not found.', 'No encontrado.'],
  conflict: ['This conflicts with existing data.', 'Esto entra en conflicto con datos existentes.'],
  closed: [
    'This posting is no longer taking applications.',
    'Esta publicación ya no recibe postulaciones.',
  ],
  already_applied: [
    'You have already applied to this posting.',
    'Ya postulaste a esta publicación.',
  ],
  already_invited: [
    'This talent has already been invited to this posting.',
    'Este talento ya fue invitado a esta publicación.',
  ],
  already_reviewed: [
    'You have already reviewed this work.',
    'Ya escribiste una reseña de este trabajo.',
  ],
  insufficient_scope: [
    'This token does not allow this call: create one with the scope it needs.',
    'Este token no permite esta llamada: crea uno con el permiso que necesita.',
  ],
  own_posting: [
    'You cannot apply to your own posting.',
    'No puedes postular a tu propia publicación.',
  ],
  invalid_transition: [
    'This change is not possible in the current state.',
    'Este cambio no es posible en el estado actual.',
  ],
  last_owner: [
    'A company needs at least one owner: make someone else an owner first.',
    'Una empresa necesita al menos un propietario: nombra antes a otra persona propietaria.',
  ],
  expired: [
    'This invitation has expired. Ask for a new one.',
    'Esta invitación ha vencido. Pide una nueva.',
  ],
  blocked: [
    'This conversation is blocked: no one can write in it.',
    'Esta conversación está bloqueada: nadie puede escribir en ella.',
  ],
  limit: [
    'You have reached the limit: delete one first.',
    'Llegaste al límite: elimina uno primero.',
  ],
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
      errors?: TFieldProblem[];
      headers?: Record<string, string>;
    } = {},
  ) {
    const [en, es] = DEFAULT_TEXT[code];
    super(opts.message ?? en);
    this.name = 'AppError';
    this.code = code;
    this.messageEs = opts.messageEs ?? (opts.message === undefined ? es : opts.message);
    this.errors = opts.errors?.map(withText);
    this.headers = opts.headers;
  }

  /** `invalid_input` (400) for one field, with the caller's top-level texts if given. */
  static invalidField(
    path: string,
    code: TErrorTextCode,
    opts: { params?: TErrorParams; message?: string; messageEs?: string } = {},
  ): AppError {
    const { params, ...texts } = opts;
    return new AppError('invalid_input', { ...texts, errors: [fieldError(path, code, params)] });
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
