import { defineOperations } from '../registry';
import { healthAnswer, healthDownAnswer, pingAnswer } from '../answers/system';

export const systemOperations = defineOperations([
  {
    method: 'get',
    path: '/ping',
    summary: 'Answers at once, without the database (the benchmark baseline).',
    tag: 'Service',
    auth: 'none',
    responses: { 200: pingAnswer },
  },
  {
    method: 'get',
    path: '/health',
    summary: 'Whether the service and its database answer (503 when the database does not).',
    tag: 'Service',
    auth: 'none',
    responses: { 200: healthAnswer, 503: healthDownAnswer },
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document: OpenAPI 3.1, every operation with its request and answer schemas.',
    tag: 'Service',
    auth: 'none',
    responses: {
      200: { contentType: 'application/json', description: 'The OpenAPI 3.1 document.' },
    },
  },
  {
    method: 'get',
    path: '/docs',
    summary: 'The interactive reference of this document (HTML).',
    tag: 'Service',
    auth: 'none',
    responses: { 200: { contentType: 'text/html', description: 'The reference page.' } },
  },
  {
    method: 'get',
    path: '/docs/assets/:name',
    summary: "The reference page's script and style sheet.",
    tag: 'Service',
    auth: 'none',
    responses: {
      200: {
        contentType: 'application/octet-stream',
        description: 'swagger-ui-bundle.js, swagger-ui.css or the page\u2019s init script.',
      },
    },
  },
]);
