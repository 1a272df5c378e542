import { call } from './http-client';

export type TImageUpload = { id: number; url: string; width: number; height: number };
export type TFileUpload = { id: number; url: string; name: string; size: number; mime: string };

const multipart = (field: string, file: Blob) => {
  const form = new FormData();
  form.append(field, file);
  return form;
};

/** `POST /image` with the bearer token (the avatar). */
export const uploadImage = (file: Blob) =>
  call<TImageUpload>({ method: 'POST', url: '/image', data: multipart('image', file) });

/** `POST /file`, without a token (docs/product.md "Roles and permissions"): the CV. */
export const uploadFile = (file: Blob) =>
  call<TFileUpload>({
    method: 'POST',
    url: '/file',
    data: multipart('file', file),
    skipAuth: true,
  });
