import { useRef } from 'react';
import { Button, Flex, Modal, Result, Spin, Table, Tag, Typography } from 'antd';
import { EyeOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { RESULT_HTML_MAX_BYTES, RESULT_HTML_MAX_MB, type ResultDocumentBrief } from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { patientsApi } from './patients.api';
import { printDocumentHtml } from './result-document-print';
import { PickFileButton } from './result-files';

const R = T.patients.record;

/** Picks a result page exported as HTML and imports it into a visit; the server sanitises it. */
export function ImportHtmlButton({ historyId, onDone }: { historyId: number; onDone: () => void }) {
  return (
    <PickFileButton
      accept=".html,.htm,text/html"
      maxBytes={RESULT_HTML_MAX_BYTES}
      tooLarge={fmt(R.htmlTooLarge, { mb: RESULT_HTML_MAX_MB })}
      send={(file) => patientsApi.importHtml(historyId, file)}
      onDone={onDone}
      label={R.importHtml}
      icon={<FileTextOutlined />}
      hint={fmt(R.importHtmlHint, { mb: RESULT_HTML_MAX_MB })}
    />
  );
}

/** The imported pages of a visit: title, when and by whom, images dropped; each opens to read and print. */
export function ResultDocumentsTable({ documents, onView }: { documents: ResultDocumentBrief[]; onView: (d: ResultDocumentBrief) => void }) {
  return (
    <Table<ResultDocumentBrief>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={documents}
      data-testid="result-documents"
      columns={[
        {
          title: R.documentTitle,
          key: 'title',
          render: (_v, d) => (
            <>
              {d.title}{' '}
              {d.droppedImages > 0 && (
                <Tag color="orange" title={R.droppedImagesHint}>
                  {fmt(R.droppedImages, { n: d.droppedImages })}
                </Tag>
              )}
            </>
          ),
        },
        { title: R.importedAt, dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
        { title: R.importedBy, dataIndex: 'createdBy', key: 'createdBy', width: 180, render: (v: string | null) => v ?? '' },
        {
          title: T.crud.actions,
          key: 'actions',
          width: 110,
          render: (_v, d) => (
            <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => onView(d)}>
              {R.view}
            </Button>
          ),
        },
      ]}
    />
  );
}

/**
 * An imported page in a sandboxed frame (no script may run; same origin only so the print button can print
 * the frame alone), under the visit's heading; "In" prints it on A4.
 */
export function DocumentViewer({ document: brief, heading, onClose }: { document: ResultDocumentBrief | null; heading: string; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const doc = useQuery({
    queryKey: ['result-document', brief?.id],
    queryFn: () => patientsApi.resultDocument(brief!.id),
    enabled: brief !== null,
    staleTime: 60_000,
  });
  return (
    <Modal
      open={brief !== null}
      onCancel={onClose}
      title={brief?.title}
      width={900}
      destroyOnHidden
      footer={
        <Button type="primary" icon={<PrinterOutlined />} disabled={!doc.data} onClick={() => frame.current?.contentWindow?.print()}>
          {R.print}
        </Button>
      }
    >
      {doc.error ? (
        <Result status="warning" title={R.previewFailed} />
      ) : !doc.data ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          <iframe
            ref={frame}
            title={doc.data.title}
            sandbox="allow-same-origin allow-modals"
            srcDoc={printDocumentHtml({ title: doc.data.title, heading, html: doc.data.html })}
            style={{ width: '100%', height: '65vh', border: '1px solid #f0f0f0' }}
            data-testid="result-document-frame"
          />
          {doc.data.droppedImages > 0 && (
            <Typography.Text type="secondary">
              {fmt(R.droppedImages, { n: doc.data.droppedImages })}: {R.droppedImagesHint}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
