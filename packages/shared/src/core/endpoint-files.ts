import { z } from 'zod';
import { endpoint, type Endpoint } from './endpoint';

/**
 * Endpoints (core/endpoint.ts) that carry a file instead of JSON — one way for every module:
 * - `body: fileBody`: the request body is one file's bytes, whatever Content-Type the client declares (the
 *   server reads the type from the bytes); the web sends it with `upload()` (apps/web/src/core/api/upload-file.ts).
 * - `fileEndpoint({ …, file: { type, name? } })`: the 200 answer is a file (an Excel workbook, a result
 *   file, an image). The server's `route()` sends the handler's bytes with that type and, when `name` is
 *   set, as an attachment of that name; a handler may set a more precise type or headers, or send the
 *   file itself (a stream). The web fetches it as a blob (core/crud/download.ts), never with `call()`.
 * Kept apart from core/endpoint.ts so that `fillPath` and the endpoint types stay free of zod at run time.
 */
export const fileBody = z.custom<Blob>(() => true);

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The answer's type (a MIME type, `image/*` when it depends on the file) and, for a download, its file name. */
export interface FileAnswer {
  type: string;
  name?: string;
}
export const fileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array);
export type FileEndpoint<P extends z.ZodType | undefined = z.ZodType | undefined, Q extends z.ZodType | undefined = z.ZodType | undefined> = Endpoint<
  P,
  Q,
  undefined,
  typeof fileBytes
> & { file: FileAnswer };

/** Declares an endpoint answered with a file (see FileAnswer). */
export function fileEndpoint<P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  e: Omit<Endpoint<P, Q, undefined, typeof fileBytes>, 'response' | 'body'> & { file: FileAnswer },
): FileEndpoint<P, Q> {
  const { file, ...rest } = e;
  return { ...endpoint({ ...rest, response: fileBytes }), file };
}
