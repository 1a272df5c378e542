import { afterEach, describe, expect, it } from 'vitest';
import { resetServerEnv, serverEnv } from '@/lib/env';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetServerEnv();
});

/** The configuration parsed from exactly `vars` (plus the test runner's own). */
function envWith(vars: Record<string, string>) {
  for (const k of Object.keys(process.env))
    if (/^(S3_|STORAGE|PORT|TRUST_PROXY|APP_URL)/.test(k)) delete process.env[k];
  Object.assign(process.env, vars);
  resetServerEnv();
  return serverEnv();
}

describe('serverEnv', () => {
  it('fills the defaults and turns numbers into numbers', () => {
    const env = envWith({ PORT: '8080', APP_URL: 'https://talent.example/' });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      TRUST_PROXY: 0,
      APP_URL: 'https://talent.example',
      STORAGE: 'disk',
      S3_REGION: 'us-east-1',
      SEED_DEMO: 'true',
    });
  });

  it('treats empty variables as unset, as .env.example leaves them', () => {
    expect(envWith({ PORT: '', STORAGE: '', S3_BUCKET: '' })).toMatchObject({
      PORT: 3000,
      STORAGE: 'disk',
    });
  });

  it('reads the S3 settings', () => {
    const env = envWith({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env).toMatchObject({
      STORAGE: 's3',
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
  });

  it('names every bad variable', () => {
    expect(() => envWith({ PORT: 'eighty', STORAGE: 'ftp' })).toThrow(
      /Invalid configuration: .*PORT: must be a whole number.*STORAGE: must be one of disk, s3/,
    );
    expect(() => envWith({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE=s3/);
    expect(() => envWith({ S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => envWith({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: must be at most 10/);
  });
});
