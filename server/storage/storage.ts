import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Storage keys are random names made here: 32 hex digits and the detected type's extension. */
export const UPLOAD_KEY_RE = /^[a-f0-9]{32}\.(png|jpg|webp|pdf|doc|docx)$/;

/** A new random storage key with `ext` (one of UPLOAD_KEY_RE's extensions). */
export function newUploadKey(ext: string): string {
  const key = `${randomBytes(16).toString('hex')}.${ext}`;
  if (!UPLOAD_KEY_RE.test(key)) throw new Error(`unknown upload extension: ${ext}`);
  return key;
}

/**
 * Where uploaded bytes live; keys are always UPLOAD_KEY_RE names, never user input. Two kinds:
 * diskStorage below and s3Storage (server/storage/s3-storage.ts); server/deps.ts picks one from
 * STORAGE, and tests/helpers/storage-contract.ts holds both to the same contract.
 */
export type TStorage = {
  /** Stores a new object; an existing key is an error (keys are never reused). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  delete(key: string): Promise<void>;
};

/** Refuses anything but our own key names before they reach a path or an object name. */
export function assertUploadKey(key: string): void {
  if (!UPLOAD_KEY_RE.test(key)) throw new Error('invalid storage key');
}

/** Files in one directory, named by their keys. */
export function diskStorage(dir: string): TStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    // The pattern has no separators or dots beyond the extension: the path stays inside root.
    assertUploadKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(root, { recursive: true });
      await fs.writeFile(file, bytes, { flag: 'wx', mode: 0o644 });
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return { stream, size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
