import * as v from 'valibot';
import { done } from '../registry';

// The answers of the service's own calls (docs/api.md "Health", "OpenAPI").

export const pingAnswer = done();

const health = (database: boolean) =>
  v.strictObject({
    status: v.literal(database),
    data: v.strictObject({
      status: v.literal(database ? 'ok' : 'degraded'),
      version: v.string(),
      database: v.literal(database),
    }),
  });

export const healthAnswer = health(true);
export const healthDownAnswer = health(false);
