import { z } from 'zod';
import type { Authority } from '../authorities';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { fileBody, fileEndpoint } from '../core/endpoint-files';

/**
 * Rich content (news, answers to patients' questions): HTML written in the admin's editor,
 * sanitised on the server with an allow-list (apps/server/src/core/content), stored as that
 * sanitised HTML plus its plain text for search. Images inside it are uploaded first and
 * referenced by the URL the upload returns — the only image source the sanitiser keeps.
 */

/**
 * Who may upload content images: the authorities of the screens that edit rich text (news, answers to
 * patients' questions), the notification groups' image, the patient app's banners and the facility's logo
 * (MANAGER_SETTING: /admin/menu, /admin/settings); ADMIN_FACILITY passes as everywhere. A later module with a rich-text field adds
 * its authority here.
 */
export const CONTENT_EDITOR_AUTHORITIES = [
  'MANAGER_NEWS',
  'MANAGER_SHP',
  'MANAGER_CONSULTATION',
  'MANAGER_NOTIFICATION',
  'MANAGER_SETTING',
] as const satisfies readonly Authority[];

/** Where content images are uploaded (POST) and served (GET `${CONTENT_IMAGE_PATH}/<file>`). */
export const CONTENT_IMAGE_PATH = '/api/content/v1/images';
/** An image of content: JPEG, PNG or WebP up to 5 MB (a phone photo of a hospital event fits). */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A stored content image: the first 128 bits of the SHA-256 of its bytes + the extension of its real type. */
export const CONTENT_IMAGE_NAME_RE = /^[a-f0-9]{32}\.(?:jpg|png|webp)$/;
/** The `src` of an image the sanitiser keeps: exactly a served content image, relative to the site. */
export const CONTENT_IMAGE_SRC_RE = /^\/api\/content\/v1\/images\/[a-f0-9]{32}\.(?:jpg|png|webp)$/;

/** Largest rich-text HTML accepted, in characters (about 100 KB of markup; images are links, not data). */
export const RICH_TEXT_MAX_CHARS = 100_000;
/** Deepest element nesting kept; deeper elements are dropped (their text stays). */
export const RICH_TEXT_MAX_DEPTH = 20;

/** Schemes a link may use. Everything else (javascript:, data:, vbscript:, file:, relative paths) is refused. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;
const LINK_MAX = 2000;
// Any C0 control, space, DEL or C1 control: browsers drop some of them inside a scheme ("java\tscript:").
const CONTROL_OR_SPACE_RE = /[\u0000-\u0020\u007f-\u009f]/;

/**
 * True when `href` is an absolute http(s), mailto or tel URL with nothing a browser would
 * reinterpret. One rule for the editor (refuses the link as typed) and the server sanitiser
 * (drops the link, keeps its text).
 */
export function isSafeLinkHref(href: string | null | undefined): boolean {
  if (typeof href !== 'string' || href === '' || href.length > LINK_MAX) return false;
  if (CONTROL_OR_SPACE_RE.test(href)) return false;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (!(LINK_SCHEMES as readonly string[]).includes(url.protocol)) return false;
  // "https:evil" parses with the host "evil"; require the two slashes so what is shown is what is opened
  if (url.protocol === 'http:' || url.protocol === 'https:') return /^https?:\/\/[^/\\]/i.test(href) && url.hostname !== '';
  return url.pathname !== '';
}

/** True when `src` is the URL of a content image served by this portal. */
export const isContentImageSrc = (src: string | null | undefined): boolean => typeof src === 'string' && CONTENT_IMAGE_SRC_RE.test(src);

/**
 * A rich-text field of a body: HTML as the editor sends it, at most `max` characters. The
 * service sanitises it (`sanitizeRichText`) before storing; this only bounds the input.
 */
export function richTextField(label: string, max = RICH_TEXT_MAX_CHARS) {
  return z.string({ message: `${label} phải là chuỗi ký tự` }).max(max, { message: `${label} tối đa ${max.toLocaleString('vi-VN')} ký tự (kể cả định dạng)` });
}

/** The answer of an image upload: where to reference it from the HTML. */
export const contentImage = z.object({
  url: z.string(),
  type: z.enum(CONTENT_IMAGE_TYPES),
  bytes: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImage>;
export const contentImageOne = envelope(contentImage);

/** Route parameter of a served image: refused (400) unless it is a name the store hands out. */
export const contentImageParams = z.object({ file: z.string().regex(CONTENT_IMAGE_NAME_RE, 'Tên tệp ảnh không hợp lệ') });

/** Optional query of an upload: the file's original name, kept in the audit only (never used to store or serve). */
export const contentImageUploadQuery = z.object({
  name: z.string().max(255, 'Tên tệp tối đa 255 ký tự').optional(),
});

/** Content images, written once for the server and the web (core/endpoint.ts). */
export const contentEndpoints = {
  uploadImage: endpoint({
    method: 'POST',
    path: CONTENT_IMAGE_PATH,
    summary: 'Nội dung: tải ảnh lên (thân yêu cầu là tệp ảnh JPEG, PNG hoặc WebP, tối đa 5 MB; loại tệp xác định từ nội dung tệp)',
    query: contentImageUploadQuery,
    body: fileBody,
    response: contentImageOne,
    errors: [400, 401, 403, 413, 415],
  }),
  image: fileEndpoint({
    method: 'GET',
    path: `${CONTENT_IMAGE_PATH}/:file`,
    summary: 'Nội dung: ảnh (công khai; luôn là ảnh, không bao giờ là HTML)',
    params: contentImageParams,
    file: { type: 'image/*' },
    errors: [400, 404],
  }),
};
