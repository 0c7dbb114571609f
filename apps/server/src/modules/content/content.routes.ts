import type { FastifyInstance } from 'fastify';
import { MSG, fmt } from '@portal/shared';
import {
  CONTENT_EDITOR_AUTHORITIES,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_PATH,
  type ContentImage,
  contentEndpoints,
} from '@portal/shared/contracts/content.contract';
import { caller } from '../../core/access';
import { audit } from '../../core/audit';
import type { Caller, Origin } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { notFound } from '../../core/errors';
import { MIME_OF_EXT, checkImage, fileStore, safeFileName, storedImageHeaders, type FileStore } from '../../core/uploads';

/** The uploads area of content images: DATA_DIR/uploads/content/<sha256-128>.<ext>. */
export const CONTENT_IMAGE_AREA = 'content';

type Stored = { name: string; type: ContentImage['type']; bytes: number };

/**
 * Checks an uploaded body as a content image (type read from the bytes, at most CONTENT_IMAGE_MAX_BYTES; the
 * Vietnamese 400, 413 or 415 otherwise) and stores it under its content hash. The staff editors' upload and the
 * patient app's question photos both go through here.
 */
export async function storeContentImage(images: Pick<FileStore, 'save'>, body: unknown): Promise<Stored> {
  const max = Math.round(CONTENT_IMAGE_MAX_BYTES / 1024 / 1024);
  const { bytes, kind } = checkImage(body, CONTENT_IMAGE_MAX_BYTES, 'ảnh', {
    missing: MSG.contentImageRequired,
    tooBig: fmt(MSG.contentImageTooBig, { max }),
    wrongType: MSG.contentImageWrongType,
    wrongTypeStatus: 415,
  });
  return { name: await images.save(bytes, kind.ext), type: kind.mime as ContentImage['type'], bytes: bytes.length };
}

/** The answer of an upload: where the image is served. */
export const contentImageAnswer = (s: Stored) => ({
  code: 0 as const,
  message: MSG.contentImageUploaded,
  data: { url: `${CONTENT_IMAGE_PATH}/${s.name}`, type: s.type, bytes: s.bytes },
});

/**
 * Stores an uploaded image and writes its audit row (UPLOAD_IMAGE): `who` is the staff caller, or the patient's
 * origin with `actor` naming the patient account. Answers where the image is served.
 */
export async function uploadContentImage(
  ctx: AppContext,
  images: Pick<FileStore, 'save'>,
  body: unknown,
  who: Caller | Origin,
  extra: { facilityId?: number; actorId?: null; actorUsername?: string; originalName?: string | null } = {},
) {
  const image = await storeContentImage(images, body);
  const { originalName, ...actor } = extra;
  await audit(ctx.database.db, who, {
    action: 'UPLOAD_IMAGE',
    entity: 'content_image',
    entityId: image.name,
    ...actor,
    after: { file: image.name, type: image.type, bytes: image.bytes, ...(originalName ? { originalName } : {}) },
  });
  return contentImageAnswer(image);
}

/**
 * Images of rich content (news, answers): staff who edit content upload one (raw body, any declared
 * type — the type is read from the bytes), get back its URL, and the editor puts it in the HTML; the
 * sanitiser keeps an <img> only when its src is such a URL. Serving is public: published news is
 * public, and a name is the content's 128-bit hash, so it cannot be guessed.
 */
export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const images = fileStore(ctx.config.dataDir, CONTENT_IMAGE_AREA);
  const tags = ['Nội dung'];

  // The body is the image's bytes whatever Content-Type the client declares (fileBody: route() reads it raw).
  route(app, contentEndpoints.uploadImage, {
    config: { access: CONTENT_EDITOR_AUTHORITIES },
    tags,
    // Twice the limit is read, so a photo somewhat too large gets the message naming the limit;
    // beyond that Fastify stops reading and answers the generic 413.
    bodyLimit: 2 * CONTENT_IMAGE_MAX_BYTES,
    handler: async (req) => uploadContentImage(ctx, images, req.body, caller(req), { originalName: safeFileName(req.query.name) }),
  });

  route(app, contentEndpoints.image, {
    config: { access: 'public' },
    tags,
    handler: async (req, reply) => {
      const { file } = req.params;
      const bytes = await images.read(file);
      if (!bytes) throw notFound(MSG.contentImageNotFound);
      return reply.headers(storedImageHeaders(file, MIME_OF_EXT[file.split('.').pop()!]!, { crossOrigin: true })).send(bytes);
    },
  });
}
