import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The server only ever names a file by an opaque key it generated;
 * keys are never derived from user input. The disk implementation below is the default
 * (under DATA_DIR/files); an object-storage implementation (S3, MinIO) fits the same three calls.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const KEY_RE = /^[a-z0-9][a-z0-9/_-]{0,199}$/;

export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // write then rename: a reader never sees half a file
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    get: (key) => fs.readFile(resolve(key)),
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

/** The files directory of a data directory. */
export const filesDir = (dataDir: string) => path.join(dataDir, 'files');
