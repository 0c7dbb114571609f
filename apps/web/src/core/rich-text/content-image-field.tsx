import { useState } from 'react';
import { Button, Flex, Image, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES } from '@portal/shared/contracts/content.contract';
import { fmt } from '@portal/shared/messages.vi';
import { errorMessage } from '../api/api-error';
import { notify } from '../notify';
import { uploadContentImage } from './content-images.api';
import { TR } from './rich-text.messages';

export interface ContentImageFieldProps {
  /** The image's URL (a content image), as a Form.Item gives it. */
  value?: string | null;
  onChange?: (url: string | null) => void;
  /** The preview's box: a fixed size, or the field's width (`width: '100%'`) up to `maxHeight`. */
  preview: { width?: number | string; height?: number; maxHeight?: number; fit?: 'cover' | 'contain' };
  /** Preview beside the buttons (a logo) or above them (a cover, a banner). */
  layout?: 'row' | 'column';
  alt?: string;
  testId?: string;
  uploadLabel?: string;
  removeLabel?: string;
  /** A required image (a banner) has no remove button. */
  required?: boolean;
}

/**
 * One image of a form (a news cover, a banner, a campaign's picture, the facility's logo): checked before it goes up
 * (JPEG, PNG or WebP, 5 MB, as the server checks again from the bytes), uploaded to the content images
 * (`uploadContentImage`), shown, and removable. The form's value is the image's URL.
 */
export function ContentImageField({
  value,
  onChange,
  preview,
  layout = 'column',
  alt = '',
  testId,
  uploadLabel,
  removeLabel,
  required,
}: ContentImageFieldProps) {
  const [busy, setBusy] = useState(false);
  const fit = preview.fit ?? 'cover';
  return (
    <Flex vertical={layout === 'column'} gap={layout === 'column' ? 8 : 12} align={layout === 'row' ? 'center' : undefined} wrap>
      {value && (
        <Image
          src={value}
          width={preview.width}
          height={preview.height}
          alt={alt}
          style={{ objectFit: fit, borderRadius: 8, ...(preview.maxHeight ? { maxHeight: preview.maxHeight } : {}) }}
          data-testid={testId}
        />
      )}
      <Flex gap={8} wrap>
        <Upload
          accept={CONTENT_IMAGE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!(CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
              notify.error(TR.imageWrongType);
              return Upload.LIST_IGNORE;
            }
            if (file.size > CONTENT_IMAGE_MAX_BYTES) {
              notify.error(fmt(TR.imageTooBig, { max: Math.round(CONTENT_IMAGE_MAX_BYTES / 1024 / 1024) }));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              onChange?.((await uploadContentImage(file as File)).url);
            } catch (e) {
              notify.error(fmt(TR.imageUploadFailedWith, { message: errorMessage(e, '') }));
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {uploadLabel ?? (value ? TR.imageReplace : TR.imageUpload)}
          </Button>
        </Upload>
        {value && !required && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {removeLabel ?? TR.imageRemove}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
