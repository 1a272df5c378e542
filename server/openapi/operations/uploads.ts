import * as v from 'valibot';
import { fileAnswer, imageAnswer } from '../answers/uploads';
import { defineOperations } from '../registry';

export const uploadsOperations = defineOperations([
  {
    method: 'post',
    path: '/image',
    summary: 'Uploads an image (PNG, JPEG, WebP) of the caller: its URL and size.',
    tag: 'Uploads',
    auth: 'user',
    body: { contentType: 'multipart/form-data', description: 'The field `image`: one image file.' },
    responses: { 201: imageAnswer },
  },
  {
    method: 'post',
    path: '/file',
    summary: 'Uploads a document (PDF, Word, PNG, JPEG); the caller’s when signed in.',
    tag: 'Uploads',
    auth: 'optional',
    body: { contentType: 'multipart/form-data', description: 'The field `file`: one document.' },
    responses: { 201: fileAnswer },
  },
  {
    method: 'get',
    path: '/uploads/:key',
    summary: 'A stored upload’s bytes.',
    tag: 'Uploads',
    auth: 'none',
    params: { key: v.pipe(v.string(), v.maxLength(200)) },
    responses: { 200: { contentType: 'application/octet-stream', description: 'The file.' } },
  },
]);
