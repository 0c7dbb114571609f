import { createHash, randomBytes } from 'node:crypto';
import { RESULT_FILE_MAX_BYTES, RESULT_FILE_MAX_MB, type ResultFile } from '@portal/shared/contracts/patients.contract';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { AppError, badRequest, notFound } from '../../core/errors';
import type { FileStorage } from '../../core/file-storage';
import { detectImage } from '../../core/uploads';
import { findHistoryProfile, findResultFile, insertResultFile } from './histories.repository';
import { toResultFile } from './histories.service';
import { findProfile } from './patients.repository';
import { ownUser, PROFILE_NOT_FOUND } from './patients.service';
import { notifyResultReady } from '../notifications/events.bookings';

export const FILE_TOO_LARGE = `Tệp quá lớn: kích thước tối đa là ${RESULT_FILE_MAX_MB} MB`;
export const FILE_TYPE_REFUSED = 'Chỉ nhận tệp kết quả định dạng PDF hoặc ảnh chụp JPEG, PNG, WebP';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * The type the bytes really are (never the declared one): a PDF, or a photo of a paper result in one of
 * the platform's image types (core/uploads `detectImage`: JPEG, PNG, WebP); else null.
 */
export function sniffResultType(bytes: Buffer): { type: string; ext: string } | null {
  if (bytes.length >= PDF_MAGIC.length && bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return { type: 'application/pdf', ext: 'pdf' };
  const image = detectImage(bytes);
  return image && { type: image.mime, ext: image.ext };
}

/** A file name safe for a Content-Disposition header and a download: no path, no control characters, the right extension. */
export function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.(pdf|png|jpe?g|webp)$/i, '')
    .slice(0, 150);
  return `${base || 'ket-qua'}.${ext}`;
}

export const tooLarge = () => new AppError(413, FILE_TOO_LARGE);

export async function uploadResult(
  ctx: AppContext,
  storage: FileStorage,
  caller: Caller,
  userId: number,
  q: { medicalProfileId: number; historyId?: number; fileName: string },
  bytes: unknown,
): Promise<ResultFile> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw badRequest('Tệp tải lên đang trống');
  if (bytes.length > RESULT_FILE_MAX_BYTES) throw tooLarge();
  const kind = sniffResultType(bytes);
  if (!kind) throw new AppError(415, FILE_TYPE_REFUSED);
  const u = await ownUser(ctx.database.db, caller, userId);
  const p = await findProfile(ctx.database.db, u.facilityId, q.medicalProfileId);
  if (!p || p.userId !== u.id) throw notFound(PROFILE_NOT_FOUND);
  if (q.historyId) {
    const h = await findHistoryProfile(ctx.database.db, u.facilityId, q.historyId);
    if (!h || h.profileId !== p.id) throw notFound('Không tìm thấy lượt khám của hồ sơ này');
  }
  // The key is random: nothing about the patient, the facility's counters or the name can be guessed from it.
  const key = `results/${u.facilityId}/${randomBytes(16).toString('hex')}`;
  await storage.put(key, bytes);
  try {
    return await ctx.database.transaction(async (tx) => {
      const f = await insertResultFile(tx, {
        facilityId: u.facilityId,
        userId: u.id,
        profileId: p.id,
        historyId: q.historyId ?? null,
        storageKey: key,
        fileName: safeFileName(q.fileName, kind.ext),
        contentType: kind.type,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: caller.accountId,
      });
      const { storageKey: _, ...logged } = f;
      await audit(tx, caller, { action: 'UPLOAD_RESULT', entity: 'result_file', entityId: f.id, after: logged });
      // a file of a visit: the visit's result is ready (issue 17 RESULT_READY, once per visit)
      if (q.historyId) await notifyResultReady(tx, u.facilityId, q.historyId);
      return toResultFile({ ...f, uploaderName: caller.name });
    });
  } catch (e) {
    await storage.delete(key);
    throw e;
  }
}

/** The bytes of a result file of the caller's facility; every download is audited. */
export async function pullResult(ctx: AppContext, storage: FileStorage, caller: Caller, fileId: number) {
  const f = await findResultFile(ctx.database.db, caller.facilityId, fileId);
  if (!f) throw notFound('Không tìm thấy tệp kết quả');
  const bytes = await storage.get(f.storageKey).catch(() => {
    throw notFound('Tệp kết quả không còn trong kho lưu trữ');
  });
  await audit(ctx.database.db, caller, {
    action: 'DOWNLOAD_RESULT',
    entity: 'result_file',
    entityId: f.id,
    after: { userId: f.userId, profileId: f.profileId, historyId: f.historyId, fileName: f.fileName },
  });
  return { file: f, bytes };
}

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
