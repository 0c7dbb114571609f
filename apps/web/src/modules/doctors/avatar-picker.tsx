import { useEffect, useMemo } from 'react';
import { Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@portal/shared/contracts/doctors.contract';
import { notify } from '../../core/notify';
import { DoctorAvatar } from './doctor-avatar';
import { TD } from './doctors.messages';

/** What the form will do with the photo when it is saved. */
export type AvatarChange = { kind: 'keep' } | { kind: 'set'; file: File } | { kind: 'remove' };

/**
 * Photo of the doctor in the form: a chosen file is checked (type, 2 MB) and previewed here,
 * and uploaded after the doctor is saved (a new doctor has no id before).
 */
export function AvatarPicker({
  name,
  currentUrl,
  change,
  onChange,
}: {
  name: string;
  currentUrl: string | null;
  change: AvatarChange;
  onChange: (c: AvatarChange) => void;
}) {
  const preview = useMemo(() => (change.kind === 'set' ? URL.createObjectURL(change.file) : null), [change]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = change.kind === 'set' ? preview : change.kind === 'remove' ? null : currentUrl;

  return (
    <Flex gap={16} align="center">
      <DoctorAvatar name={name || '?'} url={shown} size={72} />
      <Flex vertical gap={4}>
        <Flex gap={8} wrap>
          <Upload
            accept={AVATAR_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) notify.error(TD.avatar.wrongType);
              else if (file.size > AVATAR_MAX_BYTES) notify.error(TD.avatar.tooBig);
              else onChange({ kind: 'set', file });
              return Upload.LIST_IGNORE; // held here, sent after the save
            }}
          >
            <Button icon={<UploadOutlined />}>{shown ? TD.avatar.change : TD.avatar.choose}</Button>
          </Upload>
          {shown && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange(currentUrl ? { kind: 'remove' } : { kind: 'keep' })}>
              {TD.avatar.remove}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {TD.avatar.hint}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
