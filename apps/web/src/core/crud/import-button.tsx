import { useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { Resource } from '@portal/shared/core/define-resource';
import { fillPath } from '@portal/shared/core/endpoint';
import { resourceImportEndpoints } from '@portal/shared/core/resource-endpoints';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportRowError } from '@portal/shared/core/import';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { fetchFile, saveBlob } from './download';
import { type ImportEndpoint, uploadImport, type ImportOutcome } from './import-api';
import { labelInText, reportError } from './resource-api';

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** What an import button imports: its template and import endpoints, and what the rows are (lower case, for the title). */
export interface ImportSource {
  template: { path: string; file: { name?: string } };
  import: ImportEndpoint;
  label: string;
  templateName: string;
}

/** The import of a resource with `importable: true` (core/crud/import.ts on the server). */
export function resourceImportSource(resource: Resource): ImportSource {
  const { template, import: upload } = resourceImportEndpoints(resource);
  return { template, import: upload, label: labelInText(resource), templateName: `${resource.exportName}-mau-nhap.xlsx` };
}

/**
 * "Nhập từ Excel": download the template, choose a .xlsx, upload; then either the counts (and the list reloads) or the
 * per-row report (Dòng, Cột, Lỗi) with nothing imported. A resource's list passes `resourceImportSource(resource)`;
 * a screen of its own API (the private clinic's members) passes its own endpoints.
 */
export function ImportButton({ source, onImported }: { source: ImportSource; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setOutcome(null);
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchFile(fillPath(source.template.path), {}, source.template.file.name ?? source.templateName);
      saveBlob(blob, fileName);
    } catch (e) {
      reportError(e, T.importExcel.templateFailed);
    } finally {
      setDownloading(false);
    }
  };

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await uploadImport(source.import, file);
      setOutcome(result);
      if (result.ok) {
        setFile(null);
        onImported();
      }
    } catch (e) {
      reportError(e, T.importExcel.failed);
    } finally {
      setBusy(false);
    }
  };

  const errors = outcome && !outcome.ok ? (outcome.report.errors ?? []) : [];
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {T.importExcel.button}
      </Button>
      <Modal
        title={fmt(T.importExcel.title, { label: source.label })}
        open={open}
        width={760}
        onCancel={() => {
          setOpen(false);
          reset();
        }}
        destroyOnHidden
        footer={
          <Flex justify="end" gap={8}>
            <Button
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              {T.importExcel.close}
            </Button>
            <Button type="primary" icon={<UploadOutlined />} disabled={!file} loading={busy} onClick={() => void submit()}>
              {T.importExcel.submit}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          <Typography.Text>1. {T.importExcel.step1}</Typography.Text>
          <div>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadTemplate()}>
              {T.importExcel.template}
            </Button>
          </div>
          <Typography.Text>2. {T.importExcel.step2}</Typography.Text>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done', size: file.size }] : []}
            beforeUpload={(f) => {
              setOutcome(null);
              if (!f.name.toLowerCase().endsWith('.xlsx')) setFileError(T.importExcel.notXlsx);
              else if (f.size > IMPORT_MAX_BYTES) setFileError(fmt(T.importExcel.tooLarge, { mb: MB }));
              else {
                setFileError(null);
                setFile(f);
                return false;
              }
              setFile(null);
              return false; // never uploads by itself
            }}
            onRemove={() => {
              setFile(null);
              return true;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{T.importExcel.choose}</p>
            <p className="ant-upload-hint">{fmt(T.importExcel.limits, { rows: IMPORT_MAX_ROWS.toLocaleString('vi-VN'), mb: MB })}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon title={fileError} />}
          {outcome?.ok && (
            <Alert
              type="success"
              showIcon
              data-testid="import-success"
              title={fmt(T.importExcel.successTitle, { total: outcome.result.total })}
              description={fmt(T.importExcel.successText, { created: outcome.result.created, updated: outcome.result.updated })}
            />
          )}
          {outcome && !outcome.ok && (
            <>
              <Alert
                type="error"
                showIcon
                data-testid="import-errors"
                title={T.importExcel.errorsTitle}
                description={
                  <>
                    {outcome.message}
                    {(outcome.report.totalErrors ?? 0) > errors.length && (
                      <> {fmt(T.importExcel.moreErrors, { shown: errors.length, total: outcome.report.totalErrors ?? 0 })}</>
                    )}
                  </>
                }
              />
              {errors.length > 0 && (
                <Table<ImportRowError>
                  size="small"
                  rowKey={(e) => `${e.row}:${e.field}:${e.message}`}
                  dataSource={errors}
                  pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                  columns={[
                    {
                      key: 'row',
                      title: T.importExcel.row,
                      dataIndex: 'row',
                      width: 80,
                      align: 'right',
                      render: (r: number) => (r > 0 ? r : T.importExcel.wholeFile),
                    },
                    { key: 'column', title: T.importExcel.column, dataIndex: 'column', width: 180 },
                    { key: 'message', title: T.importExcel.error, dataIndex: 'message' },
                  ]}
                />
              )}
            </>
          )}
        </Flex>
      </Modal>
    </>
  );
}
