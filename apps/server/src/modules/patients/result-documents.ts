import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { RESULT_HTML_MAX_BYTES, RESULT_HTML_MAX_MB, type ResultDocument, type ResultDocumentBrief } from '@portal/shared/contracts/patients.contract';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import { sanitizeRichText } from '../../core/content/sanitize';
import type { AppContext } from '../../core/context';
import { AppError, badRequest, notFound } from '../../core/errors';
import { recordWrite } from '../../core/write';
import { iso } from '../../core/sql';
import { findDocument, findHistoryOwner, insertDocument, type DocumentBriefRow } from './result-documents.repository';
import { sniffResultType } from './result-files';
import { notifyResultReady } from '../notifications/events.bookings';

export const HTML_MESSAGES = {
  empty: 'Tệp tải lên đang trống',
  tooLarge: `Tệp HTML quá lớn: kích thước tối đa là ${RESULT_HTML_MAX_MB} MB`,
  notHtml: 'Chỉ nhận trang kết quả định dạng HTML (.html, .htm) xuất từ hệ thống bệnh viện',
  encoding: 'Không đọc được tệp HTML: hãy xuất trang kết quả với bảng mã UTF-8',
  noContent: 'Trang HTML không có nội dung kết quả nào để nhập',
  visitNotFound: 'Không tìm thấy lượt khám',
  notFound: 'Không tìm thấy trang kết quả',
  imported: 'Đã nhập trang kết quả vào lượt khám',
  importedDropped: 'Đã nhập trang kết quả vào lượt khám; đã bỏ {n} ảnh (ảnh bên ngoài hoặc nhúng trong trang không được lưu)',
} as const;

export const htmlTooLarge = () => new AppError(413, HTML_MESSAGES.tooLarge);

const LABEL_RE = /^[\w-]{1,40}/;

/** The encoding a `<meta charset=…>` or `<meta http-equiv … content="…; charset=…">` of the page's head declares. */
export function declaredCharset(head: string): string | null {
  const lower = head.toLowerCase();
  for (let i = lower.indexOf('charset'); i !== -1; i = lower.indexOf('charset', i + 7)) {
    const open = lower.lastIndexOf('<', i);
    if (open === -1 || !lower.startsWith('<meta', open) || lower.indexOf('>', open) < i) continue;
    let j = i + 7;
    while (lower[j] === ' ') j++;
    if (lower[j] !== '=') continue;
    j++;
    while (lower[j] === ' ') j++;
    if (lower[j] === '"' || lower[j] === "'") j++;
    const label = LABEL_RE.exec(lower.slice(j, j + 40))?.[0];
    if (label) return label;
  }
  return null;
}

/**
 * The text of an exported page: a BOM decides (UTF-8, UTF-16), else the page's `<meta charset>` (a
 * Vietnamese HIS may still write windows-1258), else UTF-8. Bytes that are not text in that encoding
 * are a 400, never a page of replacement characters.
 */
export function decodeHtml(bytes: Buffer): string {
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const declared = declaredCharset(bytes.toString('latin1', 0, 2048));
    if (declared) label = declared;
  }
  let text: string;
  try {
    text = new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(HTML_MESSAGES.encoding, [{ field: 'file', message: HTML_MESSAGES.encoding }]);
  }
  if (text.includes('\u0000')) throw new AppError(415, HTML_MESSAGES.notHtml);
  return text;
}

const WS_RE = /\s+/g;

/** The page's title (its `<title>`, else its first heading) and how many images it had. */
export function pageOutline(html: string): { title: string; images: number } {
  let title = '';
  let heading = '';
  let images = 0;
  let inTitle = false;
  let inHeading = false;
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (name === 'img') images += 1;
        if (name === 'title' && title === '') inTitle = true;
        if (/^h[1-3]$/.test(name) && heading === '') inHeading = true;
      },
      ontext: (t) => {
        if (inTitle) title += t;
        else if (inHeading) heading += t;
      },
      onclosetag: (name) => {
        if (name === 'title') inTitle = false;
        if (/^h[1-3]$/.test(name)) inHeading = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const clean = (s: string) => s.replace(WS_RE, ' ').trim().slice(0, 200);
  return { title: clean(title) || clean(heading), images };
}

/** The file's name without its folder, control characters or extension. */
function baseName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\.(html?|xhtml)$/i, '')
    .replace(WS_RE, ' ')
    .trim()
    .slice(0, 150);
}

export function toDocumentBrief(d: DocumentBriefRow): ResultDocumentBrief {
  return {
    id: d.id,
    historyId: d.historyId,
    title: d.title,
    sourceName: d.sourceName,
    droppedImages: d.droppedImages,
    createdBy: d.creatorName,
    createdAt: iso(d.createdAt)!,
  };
}

/**
 * Imports a result page exported by the hospital's system as HTML into a visit of the caller's facility
 * (spec "/from-html"): decoded, sanitised with the rich-text allow-list (scripts, frames, styles, forms and
 * every image not served by the portal dropped), stored with its visible text; one transaction with its
 * audit row.
 */
export async function importHtml(
  ctx: AppContext,
  caller: Caller,
  historyId: number,
  fileName: string,
  bytes: unknown,
): Promise<{ document: ResultDocument; message: string }> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw badRequest(HTML_MESSAGES.empty, [{ field: 'file', message: HTML_MESSAGES.empty }]);
  if (bytes.length > RESULT_HTML_MAX_BYTES) throw htmlTooLarge();
  // a PDF or a photo sent here by mistake: say what this import takes
  if (sniffResultType(bytes)) throw new AppError(415, HTML_MESSAGES.notHtml);
  const h = await findHistoryOwner(ctx.database.db, caller.facilityId, historyId);
  if (!h) throw notFound(HTML_MESSAGES.visitNotFound);
  const source = decodeHtml(bytes);
  const outline = pageOutline(source);
  const clean = sanitizeRichText(source, { field: 'file', label: 'Trang HTML', max: RESULT_HTML_MAX_BYTES * 2 });
  if (clean.text === '') throw badRequest(HTML_MESSAGES.noContent, [{ field: 'file', message: HTML_MESSAGES.noContent }]);
  const kept = pageOutline(clean.html).images;
  const droppedImages = Math.max(0, outline.images - kept);
  const sourceName = baseName(fileName) || 'ket-qua';
  const row = await ctx.database.transaction(async (tx) => {
    const d = await insertDocument(tx, {
      facilityId: caller.facilityId,
      historyId: h.id,
      title: outline.title || sourceName,
      html: clean.html,
      text: clean.text,
      sourceName,
      droppedImages,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdBy: caller.accountId,
    });
    await recordWrite(ctx, tx, caller, {
      audit: {
        action: 'IMPORT_RESULT_HTML',
        entity: 'result_document',
        entityId: d.id,
        after: { historyId: h.id, userId: h.userId, profileId: h.profileId, title: d.title, sourceName, droppedImages, chars: clean.html.length },
      },
    });
    await notifyResultReady(tx, caller.facilityId, h.id);
    return d;
  });
  const document = { ...toDocumentBrief({ ...row, creatorName: caller.name }), html: row.html };
  const message = droppedImages > 0 ? HTML_MESSAGES.importedDropped.replace('{n}', String(droppedImages)) : HTML_MESSAGES.imported;
  return { document, message };
}

/** One imported page of the caller's facility, to show and print; reading a record is audited. */
export async function readDocument(ctx: AppContext, caller: Caller, id: number): Promise<ResultDocument> {
  const d = await findDocument(ctx.database.db, caller.facilityId, id);
  if (!d) throw notFound(HTML_MESSAGES.notFound);
  await audit(ctx.database.db, caller, {
    action: 'READ_RECORD',
    entity: 'patient_user',
    entityId: d.userId,
    after: { what: 'result-document', documentId: d.id, historyId: d.historyId },
  });
  return { ...toDocumentBrief(d), html: d.html };
}
