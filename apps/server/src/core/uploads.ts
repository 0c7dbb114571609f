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

/** Overrides of `checkImage`'s messages and of the status of a file that is not an accepted image. */
export interface ImageCheckOptions {
  missing?: string;
  tooBig?: string;
  wrongType?: string;
  /** 400 (the default, the doctors' photo) or 415 Unsupported Media Type. */
  wrongTypeStatus?: 400 | 415;
}

/** Checks an uploaded image: present, not over `maxBytes`, really a JPEG/PNG/WebP (from its bytes). */
export function checkImage(body: unknown, maxBytes: number, label: string, opts: ImageCheckOptions = {}): { bytes: Buffer; kind: ImageKind } {
  const Label = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    const message = opts.missing ?? `Vui lòng chọn ${label}`;
    throw badRequest(message, [{ field: 'file', message }]);
  }
  if (body.length > maxBytes) {
    const message = opts.tooBig ?? `${Label} tối đa ${Math.round(maxBytes / 1024 / 1024)} MB`;
    throw new AppError(413, message, { errors: [{ field: 'file', message }] });
  }
  const kind = detectImage(body);
  if (!kind) {
    const message = opts.wrongType ?? `${Label} phải là ảnh JPEG, PNG hoặc WebP`;
    throw new AppError(opts.wrongTypeStatus ?? 400, message, { errors: [{ field: 'file', message }] });
  }
  return { bytes: body, kind };
}

const UNSAFE_NAME_CHARS_RE = /[\u0000-\u001f\u007f-\u009f"'<>`;\\/:*?|]/g;

/**
 * The last segment of a client-sent file name, without control characters, quotes, separators or
 * leading dots, at most 100 characters — fit for the audit log. Never used to store or serve a file.
 */
export function safeFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = last.replace(UNSAFE_NAME_CHARS_RE, '').replace(/^\.+/, '').trim().slice(0, 100);
  return clean === '' ? null : clean;
}

/**
 * Headers of a stored image answer: its stored type (never sniffed), shown inline under its stored
 * name, no active content even if opened directly (CSP `default-src 'none'`, no sniffing), cached
 * for a year (the name is the content's hash, so a name never changes meaning).
 */
export function storedImageHeaders(name: string, mime: ImageKind['mime'], opts: { crossOrigin?: boolean } = {}): Record<string, string> {
  return {
    'content-type': mime,
    'x-content-type-options': 'nosniff',
    'content-disposition': `inline; filename="${name}"`,
    'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
    'cache-control': 'public, max-age=31536000, immutable',
    'cross-origin-resource-policy': opts.crossOrigin ? 'cross-origin' : 'same-origin',
  };
}
