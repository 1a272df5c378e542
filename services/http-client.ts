import type { AxiosInstance, AxiosRequestConfig } from 'axios';
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

export const API_BASE_URL = `${(publicEnv.NEXT_PUBLIC_API_URL ?? '').replace(/\/$/, '')}/api`;

let client: Promise<AxiosInstance> | undefined;

/**
 * The one axios instance, created on the first call: axios (~14 KB gzip) then loads with the
 * first request instead of with every page. 4xx answers resolve (their `status: false` is read
 * by the caller, seed §5); only network errors and 5xx are exceptions (API.md).
 */
export function getHttpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => {
    const instance = axios.create({
      baseURL: API_BASE_URL,
      timeout: 30_000,
      validateStatus: (status) => status < 500,
    });
    instance.interceptors.request.use((config) => {
      const token = config.skipAuth ? null : safeStorage.get(STORAGE_KEYS.accessToken);
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    return instance;
  });
  return client;
}

/** Sends a request and answers the envelope; throws on network errors and 5xx. */
export async function request<T>(config: AxiosRequestConfig): Promise<TApiAnswer<T>> {
  const http = await getHttpClient();
  const res = await http.request<TApiAnswer<T>>(config);
  const body = res.data;
  if (!body || typeof body !== 'object' || typeof body.status !== 'boolean') {
    return { status: false, code: 'bad_answer' };
  }
  return body;
}
