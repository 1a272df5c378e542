import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { log, safeErrorFields } from '@/server/logger';

// The one error mapper: every failure leaves as the envelope {status:false, code, message,
// message_es, errors?} (docs/api.md "Errors"), never as a stack trace.

export const notFound: NotFoundHandler<TAppEnv> = (c) => {
  const err = new AppError('not_found', {
    message: 'There is no such endpoint.',
    messageEs: 'No existe ese recurso.',
  });
  return c.json(err.toBody(), 404);
};

export const onError: ErrorHandler<TAppEnv> = (error, c) => {
  if (error instanceof AppError) {
    for (const [k, v] of Object.entries(error.headers ?? {})) c.header(k, v);
    return c.json(error.toBody(), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const err = new AppError(error.status === 401 ? 'unauthorized' : 'invalid_input');
    return c.json(err.toBody(), error.status);
  }
  log('error', 'unhandled error', {
    requestId: c.get('requestId'),
    path: c.req.path,
    ...safeErrorFields(error),
  });
  return c.json(new AppError('internal').toBody(), 500);
};
