import { Flex, Tag } from 'antd';
import { SMS_MESSAGE_STATUS_LABELS, type SmsBatchDto } from '@portal/shared/contracts/sms.contract';
import { TSMS as M } from './sms.messages';

const STATUS_COLOR = { WAITING: 'gold', SENDING: 'processing', DONE: 'success' } as const;

export function BatchStatusTag({ status }: { status: SmsBatchDto['status'] }) {
  return <Tag color={STATUS_COLOR[status]}>{M.batchStatus[status]}</Tag>;
}

/** Đã nhận / Đã gửi / Lỗi / Bỏ qua of a batch, in that order (the column's title), each named in its tooltip. */
export function BatchCounts({ b }: { b: SmsBatchDto }) {
  const c = b.counts;
  return (
    <Flex gap={4} data-testid="sms-counts">
      <Tag color="green" title={SMS_MESSAGE_STATUS_LABELS.DELIVERED}>
        {c.delivered}
      </Tag>
      <Tag color="blue" title={SMS_MESSAGE_STATUS_LABELS.SENT}>
        {c.sent}
      </Tag>
      <Tag color={c.failed > 0 ? 'red' : undefined} title={SMS_MESSAGE_STATUS_LABELS.FAILED}>
        {c.failed}
      </Tag>
      <Tag title={SMS_MESSAGE_STATUS_LABELS.SKIPPED}>{c.skipped}</Tag>
    </Flex>
  );
}
