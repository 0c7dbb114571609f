import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Modal, Result, Spin, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { RESULT_FILE_MAX_BYTES, RESULT_FILE_MAX_MB, type ResultFile } from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { patientsApi } from './patients.api';

const R = T.patients.record;
const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** Shows a result file fetched with the session's token: images inline, PDFs in the browser's viewer. */
export function FilePreview({ file, onClose }: { file: ResultFile | null; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!file) return;
    let href: string | null = null;
    let live = true;
    setUrl(null);
    setFailed(false);
    patientsApi
      .resultBlob(file.id, file.fileName)
      .then(({ blob }) => {
        href = URL.createObjectURL(new Blob([blob], { type: file.contentType }));
        if (live) setUrl(href);
      })
      .catch((e) => {
        if (live) setFailed(true);
        reportError(e, R.previewFailed);
      });
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [file]);
  return (
    <Modal
      open={file !== null}
      onCancel={onClose}
      title={file?.fileName}
      width={900}
      destroyOnHidden
      footer={
        file && (
          <Button icon={<DownloadOutlined />} onClick={() => void patientsApi.downloadResult(file.id, file.fileName).catch((e) => reportError(e))}>
            {R.download}
          </Button>
        )
      }
    >
      <div data-testid="file-preview" style={{ minHeight: 300 }}>
        {failed ? (
          <Result status="warning" title={R.previewFailed} />
        ) : !url ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : file?.contentType === 'application/pdf' ? (
          <iframe title={file.fileName} src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
        ) : (
          <img alt={file?.fileName} src={url} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />
        )}
      </div>
    </Modal>
  );
}

export function ResultFilesTable({ files, onView }: { files: ResultFile[]; onView: (f: ResultFile) => void }) {
  return (
    <Table<ResultFile>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={files}
      columns={[
        { title: R.fileName, dataIndex: 'fileName', key: 'fileName' },
        { title: R.size, dataIndex: 'sizeBytes', key: 'size', render: sizeText },
        { title: R.uploadedAt, dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatDateTime(v) },
        { title: R.uploadedBy, dataIndex: 'uploadedBy', key: 'uploadedBy', render: (v: string | null) => v ?? '' },
        {
          title: T.crud.actions,
          key: 'actions',
          render: (_v, f) => (
            <Flex gap={4}>
              <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => onView(f)}>
                {R.view}
              </Button>
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void patientsApi.downloadResult(f.id, f.fileName).catch((e) => reportError(e))}
              >
                {R.download}
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}

/**
 * A button that picks one file and sends it (`send`), refusing at once a file over `maxBytes` (the server
 * refuses it too); the server's message is the toast. The photo and the HTML page of a visit both use it.
 */
export function PickFileButton({
  accept,
  maxBytes,
  tooLarge,
  send,
  onDone,
  label,
  icon,
  hint,
  showHint = false,
}: {
  accept: string;
  maxBytes: number;
  tooLarge: string;
  send: (file: File) => Promise<{ message?: string }>;
  onDone: () => void;
  label: string;
  icon: ReactNode;
  hint: string;
  showHint?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const input = useRef(0);
  return (
    <Upload
      key={input.current}
      accept={accept}
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > maxBytes) {
          notify.error(tooLarge);
          return Upload.LIST_IGNORE;
        }
        setBusy(true);
        send(file)
          .then((res) => {
            notify.success(res.message ?? R.uploaded);
            onDone();
          })
          .catch((e) => reportError(e))
          .finally(() => {
            setBusy(false);
            input.current += 1;
          });
        return false;
      }}
    >
      <Button size="small" icon={icon} loading={busy} title={hint}>
        {label}
      </Button>
      {showHint && (
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Upload>
  );
}

/** Picks a PDF or a photo and uploads it to a profile (and a visit); the size limit is checked before sending. */
export function UploadResultButton({
  userId,
  profileId,
  historyId,
  onDone,
}: {
  userId: number;
  profileId: number;
  historyId: number | null;
  onDone: () => void;
}) {
  return (
    <PickFileButton
      accept="application/pdf,image/jpeg,image/png,image/webp"
      maxBytes={RESULT_FILE_MAX_BYTES}
      tooLarge={`Tệp quá lớn: kích thước tối đa là ${RESULT_FILE_MAX_MB} MB`}
      send={(file) => patientsApi.uploadResult(userId, profileId, historyId, file)}
      onDone={onDone}
      label={R.upload}
      icon={<UploadOutlined />}
      hint={fmt(R.uploadHint, { mb: RESULT_FILE_MAX_MB })}
      showHint
    />
  );
}
