import { z } from 'zod';

/**
 * Endpoints (core/endpoint.ts) that carry a file instead of JSON.
 * - `body: fileBody`: the request body is one file's bytes, whatever Content-Type the client declares (the
 *   server reads the type from the bytes); the web sends it with `upload()` (apps/web/src/core/api/upload-file.ts).
 * - `response: fileResponse`: the 200 answer is a file (a download, an Excel workbook, an image) sent with its
 *   own headers; the web fetches it as a blob, never with `call()`.
 * The server's `route()` recognises both: it reads the body as bytes and documents no JSON schema for them.
 * Kept apart from core/endpoint.ts so that `fillPath` and the endpoint types stay free of zod at run time.
 */
export const fileBody = z.custom<Blob>(() => true);
export const fileResponse = z.custom<Blob>(() => true);
