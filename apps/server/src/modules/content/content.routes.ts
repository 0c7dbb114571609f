import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, fmt } from '@portal/shared';
import {
  CONTENT_EDITOR_AUTHORITIES,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_PATH,
  contentImageOne,
  contentImageParams,
  contentImageUploadQuery,
} from '@portal/shared/contracts/content.contract';
import { caller } from '../../core/access';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { errorResponses } from '../../core/openapi';
import { MIME_OF_EXT, checkImage, fileStore, safeFileName, storedImageHeaders } from '../../core/uploads';

/** The uploads area of content images: DATA_DIR/uploads/content/<sha256-128>.<ext>. */
export const CONTENT_IMAGE_AREA = 'content';

/**
 * Images of rich content (news, answers): staff who edit content upload one (raw body, any declared
 * type — the type is read from the bytes), get back its URL, and the editor puts it in the HTML; the
 * sanitiser keeps an <img> only when its src is such a URL. Serving is public: published news is
 * public, and a name is the content's 128-bit hash, so it cannot be guessed.
 */
export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const images = fileStore(ctx.config.dataDir, CONTENT_IMAGE_AREA);
  const tags = ['Nội dung'];

  await app.register(async (scope) => {
    // One file, no form fields: the body is the file's bytes whatever Content-Type the client declares.
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(CONTENT_IMAGE_PATH, {
      config: { access: CONTENT_EDITOR_AUTHORITIES },
      // Twice the limit is read, so a photo somewhat too large gets the message naming the limit;
      // beyond that Fastify stops reading and answers the generic 413.
      bodyLimit: 2 * CONTENT_IMAGE_MAX_BYTES,
      schema: {
        tags,
        summary: 'Nội dung: tải ảnh lên (thân yêu cầu là tệp ảnh JPEG, PNG hoặc WebP, tối đa 5 MB; loại tệp xác định từ nội dung tệp)',
        querystring: contentImageUploadQuery,
        response: { 200: contentImageOne, ...errorResponses(400, 401, 403, 413, 415) },
      },
      handler: async (req) => {
        const max = Math.round(CONTENT_IMAGE_MAX_BYTES / 1024 / 1024);
        const { bytes, kind } = checkImage(req.body, CONTENT_IMAGE_MAX_BYTES, 'ảnh', {
          missing: MSG.contentImageRequired,
          tooBig: fmt(MSG.contentImageTooBig, { max }),
          wrongType: MSG.contentImageWrongType,
          wrongTypeStatus: 415,
        });
        const name = await images.save(bytes, kind.ext);
        await ctx.database.transaction((tx) =>
          audit(tx, caller(req), {
            action: 'UPLOAD_IMAGE',
            entity: 'content_image',
            entityId: name,
            after: { file: name, type: kind.mime, bytes: bytes.length, originalName: safeFileName(req.query.name) },
          }),
        );
        return { code: 0 as const, message: MSG.contentImageUploaded, data: { url: `${CONTENT_IMAGE_PATH}/${name}`, type: kind.mime, bytes: bytes.length } };
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(`${CONTENT_IMAGE_PATH}/:file`, {
    config: { access: 'public' },
    schema: { tags, summary: 'Nội dung: ảnh (công khai; luôn là ảnh, không bao giờ là HTML)', params: contentImageParams },
    handler: async (req, reply) => {
      const { file } = req.params;
      const bytes = await images.read(file);
      if (!bytes) throw notFound(MSG.contentImageNotFound);
      return reply.headers(storedImageHeaders(file, MIME_OF_EXT[file.split('.').pop()!]!, { crossOrigin: true })).send(bytes);
    },
  });
}
