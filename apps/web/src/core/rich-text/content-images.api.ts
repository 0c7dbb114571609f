import { CONTENT_IMAGE_PATH, type ContentImage } from '@portal/shared/contracts/content.contract';
import { uploadFile } from '../api/upload-file';

/** POSTs an image of rich content (core/api/upload-file: raw body, the server reads its type from the bytes). */
export function uploadContentImage(file: File, signal?: AbortSignal): Promise<ContentImage> {
  return uploadFile<ContentImage>('POST', `${CONTENT_IMAGE_PATH}?name=${encodeURIComponent(file.name.slice(0, 255))}`, file, signal);
}
