import { Modal, Table, Tag } from 'antd';
import { CORE_T as T } from '../messages';

/** One item's outcome in a bulk action (a booking, a question): what names it, whether it was done, why not. */
export interface BulkOutcome {
  id: number;
  /** What the user knows the item by (a booking code, a question's number). */
  label: string;
  ok: boolean;
  /** The server's reason, or the state the item is in. */
  detail: string;
}

/** The outcome of a bulk action item by item (the bookings' and the questions' bulk acceptance); closed when `results` is null. */
export function BulkResults({ title, itemTitle, results, onClose }: { title: string; itemTitle: string; results: BulkOutcome[] | null; onClose: () => void }) {
  return (
    <Modal open={results !== null} title={title} footer={null} onCancel={onClose} width={640}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={results ?? []}
        data-testid="bulk-results"
        columns={[
          { title: itemTitle, dataIndex: 'label' },
          { title: T.bulk.status, render: (_v, r) => (r.ok ? <Tag color="green">{T.bulk.ok}</Tag> : <Tag color="red">{T.bulk.failed}</Tag>) },
          { title: T.bulk.detail, dataIndex: 'detail' },
        ]}
      />
    </Modal>
  );
}
