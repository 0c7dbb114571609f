import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, badRequest } from './errors';

/**
 * Uploaded files under DATA_DIR/uploads/<area>/. A file is named by the hash of its content, so
 * the same picture uploaded twice is stored once and its URL can be cached forever. The store
 * is the one place that touches the disk: object storage can replace it behind this interface.
 */
export interface FileStore {
  /** Saves the bytes; returns the file name (hash + extension). */
  save(bytes: Buffer, ext: string): Promise<string>;
  /** The bytes of a stored file, or null. */
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

/** File names the store hands out; anything else is refused before touching the disk. */
export const STORED_NAME_RE = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

export function fileStore(dataDir: string, area: string): FileStore {
  const dir = path.join(dataDir, 'uploads', area);
  const full = (name: string) => {
    if (!STORED_NAME_RE.test(name)) throw new Error(`bad stored file name ${name}`);
    return path.join(dir, name);
  };
  return {
    async save(bytes, ext) {
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, full(name)); // atomic: a reader never sees half a file
      return name;
    },
    async read(name) {
      if (!STORED_NAME_RE.test(name)) return null;
      try {
        return await fs.readFile(full(name));
      } catch {
        return null;
      }
    },
    async remove(name) {
      await fs.rm(full(name), { force: true });
    },
  };
}

export interface ImageKind {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
}

/**
 * The image type read from the file's first bytes (never from its name or the declared
 * Content-Type, which the sender controls): JPEG, PNG or WebP; null for anything else.
 */
export function detectImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

export const MIME_OF_EXT: Record<string, ImageKind['mime']> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Checks an uploaded image: present, not over `maxBytes`, really a JPEG/PNG/WebP. */
export function checkImage(body: unknown, maxBytes: number, label: string): { bytes: Buffer; kind: ImageKind } {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(`Vui lòng chọn ${label}`, [{ field: 'file', message: `Vui lòng chọn ${label}` }]);
  if (body.length > maxBytes) {
    const message = `${label.charAt(0).toUpperCase()}${label.slice(1)} tối đa ${Math.round(maxBytes / 1024 / 1024)} MB`;
    throw new AppError(413, message, { errors: [{ field: 'file', message }] });
  }
  const kind = detectImage(body);
  if (!kind) {
    const message = `${label.charAt(0).toUpperCase()}${label.slice(1)} phải là ảnh JPEG, PNG hoặc WebP`;
    throw badRequest(message, [{ field: 'file', message }]);
  }
  return { bytes: body, kind };
}
