import { expect } from 'vitest';
import { newUploadKey, type TStorage } from '@/server/storage/storage';

/** The whole body of a stream. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * What every TStorage must do (server/storage/storage.ts): put then get the same bytes and size,
 * null for a key never stored and after delete, delete of a missing key is no error, and keys
 * that are not ours are refused before they reach a path or an object name.
 */
export async function checkStorageContract(storage: TStorage) {
  const key = newUploadKey('pdf');
  const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
  await storage.put(key, bytes);
  const got = await storage.get(key);
  expect(got?.size).toBe(bytes.length);
  expect(await readAll(got!.stream)).toEqual(bytes);

  const empty = newUploadKey('png');
  await storage.put(empty, new Uint8Array([1]));
  expect((await storage.get(empty))?.size).toBe(1);

  expect(await storage.get(newUploadKey('pdf'))).toBeNull();
  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key);
  // The other object is untouched.
  expect(await readAll((await storage.get(empty))!.stream)).toEqual(new Uint8Array([1]));

  for (const bad of ['../../etc/passwd', 'a/b.pdf', `${'a'.repeat(32)}.html`]) {
    await expect(storage.put(bad, bytes)).rejects.toThrow('invalid storage key');
    await expect(storage.get(bad)).rejects.toThrow('invalid storage key');
    await expect(storage.delete(bad)).rejects.toThrow('invalid storage key');
  }
}
