import { contentEndpoints, type ContentImage } from '@portal/shared/contracts/content.contract';
import { upload } from '../api/upload-file';

/** POSTs an image of rich content (core/api/upload-file: raw body, the server reads its type from the bytes). */
export async function uploadContentImage(file: File, signal?: AbortSignal): Promise<ContentImage> {
  return (await upload(contentEndpoints.uploadImage, { query: { name: file.name.slice(0, 255) }, body: file }, { signal })).data;
}
