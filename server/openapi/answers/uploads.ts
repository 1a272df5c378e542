import * as v from 'valibot';
import { ok } from '../registry';

// Uploads (docs/api.md "Uploads").

const id = () => v.pipe(v.number(), v.integer());

export const imageAnswer = ok(
  v.strictObject({ id: id(), url: v.string(), width: v.number(), height: v.number() }),
);

export const fileAnswer = ok(
  v.strictObject({
    id: id(),
    url: v.string(),
    name: v.string(),
    size: v.number(),
    mime: v.string(),
  }),
);
