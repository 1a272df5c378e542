import { getRequestListener } from '@hono/node-server';
import { getDb } from '@/db/client';
import { createApp } from '@/server/app';

export const config = { api: { bodyParser: false, externalResolver: true } };

const app = createApp({ getDb, now: () => new Date() });

export default getRequestListener(app.fetch, { overrideGlobalObjects: false });
