import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Modal, Table, Tabs, Typography, Upload } from 'antd';
import { CloudSyncOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { areaSyncEndpoints, SYNC_MAX_BYTES, type SyncChange, type SyncPreview } from '@portal/shared/contracts/address.contract';
import { upload } from '../../core/api/upload-file';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { AREA_SYNC as M } from './area-sync.messages';

const changeColumns = (kind: 'added' | 'renamed' | 'merged' | 'removed') => [
  { title: M.code, dataIndex: 'code', width: 90 },
  { title: M.name, dataIndex: 'name' },
  ...(kind === 'renamed' ? [{ title: M.before, dataIndex: 'before' }] : []),
  ...(kind === 'merged' ? [{ title: M.into, key: 'into', render: (_: unknown, c: SyncChange) => `${c.successorName ?? ''} (${c.successorCode})` }] : []),
  ...(kind === 'merged' || kind === 'removed' ? [{ title: M.used, dataIndex: 'profiles', width: 90, align: 'right' as const }] : []),
];

/**
 * Upload the official list of unit codes, see what changes (added, renamed, merged, removed and the
 * profiles that use a unit that goes), then apply it: the server applies exactly the list previewed.
 */
export function AreaSyncButton() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<SyncPreview | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setPreview(null);
    setConfirmed(false);
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  const runPreview = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setPreview((await upload(areaSyncEndpoints.preview, { body: file })).data);
      setConfirmed(false);
    } catch (e) {
      reportError(e);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy(true);
    try {
      const res = await upload(areaSyncEndpoints.apply, {
        query: { digest: preview.digest, confirmReferenced: preview.profilesTotal > 0 ? 'true' : 'false' },
        body: file,
      });
      notify.success(res.message ?? '');
      void queryClient.invalidateQueries({ queryKey: ['areas'] });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'zones'] });
      close();
    } catch (e) {
      reportError(e);
    } finally {
      setBusy(false);
    }
  };

  const changes = preview ? preview.added.length + preview.renamed.length + preview.merged.length + preview.removed.length : 0;
  const needsConfirm = !!preview && preview.profilesTotal > 0;
  const tab = (kind: 'added' | 'renamed' | 'merged' | 'removed') => ({
    key: kind,
    label: `${M[kind]} (${preview?.[kind].length ?? 0})`,
    children: (
      <Table<SyncChange>
        size="small"
        rowKey={(c) => `${c.level}:${c.code}`}
        dataSource={preview?.[kind] ?? []}
        columns={changeColumns(kind)}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        locale={{ emptyText: M.none }}
      />
    ),
  });

  return (
    <>
      <Button icon={<CloudSyncOutlined />} onClick={() => setOpen(true)}>
        {M.button}
      </Button>
      <Modal
        title={M.title}
        open={open}
        width={860}
        onCancel={close}
        destroyOnHidden
        footer={
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{M.close}</Button>
            {!preview && (
              <Button type="primary" disabled={!file} loading={busy} onClick={() => void runPreview()}>
                {M.preview}
              </Button>
            )}
            {preview && changes > 0 && (
              <Button type="primary" disabled={needsConfirm && !confirmed} loading={busy} onClick={() => void apply()}>
                {M.apply}
              </Button>
            )}
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{M.intro}</Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx,.json"
            multiple={false}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done', size: file.size }] : []}
            beforeUpload={(f) => {
              setPreview(null);
              const ok = /\.(xlsx|json)$/i.test(f.name);
              setFileError(!ok ? M.notSupported : f.size > SYNC_MAX_BYTES ? `${M.notSupported}` : null);
              setFile(ok && f.size <= SYNC_MAX_BYTES ? f : null);
              return false;
            }}
            onRemove={() => {
              reset();
              return true;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{M.choose}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon title={fileError} />}
          {preview && (
            <Flex vertical gap={8} data-testid="area-sync-preview">
              <Typography.Text type="secondary">{M.rows(preview.rows)}</Typography.Text>
              {changes === 0 && <Alert type="info" showIcon title={M.noChange} />}
              {changes > 0 && <Tabs size="small" items={[tab('added'), tab('renamed'), tab('merged'), tab('removed')]} />}
              {needsConfirm && (
                <>
                  <Alert type="warning" showIcon title={M.profilesNote(preview.profiles.length, preview.profilesTotal)} />
                  <Table
                    size="small"
                    rowKey="id"
                    dataSource={preview.profiles}
                    pagination={{ pageSize: 5, showSizeChanger: false }}
                    columns={[
                      { title: M.patientCode, dataIndex: 'patientCode', width: 140 },
                      { title: M.fullName, dataIndex: 'fullName' },
                      { title: M.unit, dataIndex: 'unitName' },
                    ]}
                  />
                  <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
                    {M.confirm}
                  </Checkbox>
                </>
              )}
            </Flex>
          )}
        </Flex>
      </Modal>
    </>
  );
}
