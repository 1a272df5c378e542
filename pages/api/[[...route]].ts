import { getRequestListener } from '@hono/node-server';
import { createApp } from '@/server/app';
import { createDefaultDeps } from '@/server/deps';

export const config = { api: { bodyParser: false, externalResolver: true } };

const app = createApp(createDefaultDeps());

export default getRequestListener(app.fetch, { overrideGlobalObjects: false });
