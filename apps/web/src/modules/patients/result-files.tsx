import { useEffect, useRef, useState } from 'react';
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

/** Picks a PDF or image and uploads it to a profile (and a visit); the size limit is checked before sending. */
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
  const [busy, setBusy] = useState(false);
  const input = useRef(0);
  return (
    <Upload
      key={input.current}
      accept="application/pdf,image/jpeg,image/png,image/webp"
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > RESULT_FILE_MAX_BYTES) {
          notify.error(`Tệp quá lớn: kích thước tối đa là ${RESULT_FILE_MAX_MB} MB`);
          return Upload.LIST_IGNORE;
        }
        setBusy(true);
        patientsApi
          .uploadResult(userId, profileId, historyId, file)
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
      <Button size="small" icon={<UploadOutlined />} loading={busy} title={fmt(R.uploadHint, { mb: RESULT_FILE_MAX_MB })}>
        {R.upload}
      </Button>
      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
        {fmt(R.uploadHint, { mb: RESULT_FILE_MAX_MB })}
      </Typography.Text>
    </Upload>
  );
}
