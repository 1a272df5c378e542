import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStorage } from '@/server/storage/storage';
import { checkStorageContract } from '../helpers/storage-contract';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-disk-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('diskStorage', () => {
  it('keeps the TStorage contract: put, get, delete, missing', async () => {
    await checkStorageContract(diskStorage(path.join(dir, 'uploads')));
  });

  it('never overwrites a key', async () => {
    const storage = diskStorage(dir);
    const key = `${'b'.repeat(32)}.pdf`;
    await storage.put(key, new Uint8Array([1]));
    await expect(storage.put(key, new Uint8Array([2]))).rejects.toThrow();
    expect(fs.readFileSync(path.join(dir, key))).toEqual(Buffer.from([1]));
  });
});
