import axios, { type AxiosRequestConfig } from 'axios';
import { publicEnv } from '@/lib/public-env';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** `POST /file` goes without the bearer token (seed §6). */
    skipAuth?: boolean;
  }
}

/** The API's envelope (API.md): every answer carries a boolean `status`. */
export type TApiAnswer<T = unknown> = {
  status: boolean;
  data?: T;
  message?: string;
  message_es?: string;
  code?: string;
  errors?: { path: string; message: string }[];
  access_token?: string;
};

const baseURL = `${(publicEnv.NEXT_PUBLIC_API_URL ?? '').replace(/\/$/, '')}/api`;

/**
 * The one axios instance. 4xx answers resolve (their `status: false` is read by the caller,
 * seed §5 "a response whose status is false counts as failure everywhere"); only network
 * errors and 5xx are exceptions (API.md).
 */
export const httpClient = axios.create({
  baseURL,
  timeout: 30_000,
  validateStatus: (status) => status < 500,
});

httpClient.interceptors.request.use((config) => {
  const token = config.skipAuth ? null : safeStorage.get(STORAGE_KEYS.accessToken);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** Sends a request and answers the envelope; throws on network errors and 5xx. */
export async function request<T>(config: AxiosRequestConfig): Promise<TApiAnswer<T>> {
  const res = await httpClient.request<TApiAnswer<T>>(config);
  const body = res.data;
  if (!body || typeof body !== 'object' || typeof body.status !== 'boolean') {
    return { status: false, code: 'bad_answer' };
  }
  return body;
}
