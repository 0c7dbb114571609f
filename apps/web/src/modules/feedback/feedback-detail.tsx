import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Input, Popconfirm, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_MESSAGES, type FeedbackDetailDto } from '@portal/shared/contracts/feedback.contract';
import { fmt } from '@portal/shared/messages.vi';
import { FEEDBACK_CRITERIA, FEEDBACK_CRITERION_LABELS, FEEDBACK_NOTE_MAX, FEEDBACK_REPLY_MAX } from '@portal/shared/rules/feedback';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { errorMessage } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { feedbackApi, feedbackKeys } from './feedback.api';
import { Stars, StateTags } from './feedback-parts';
import { TF } from './feedback.messages';

const D = TF.detail;

/** The reply: the form while there is none (sent once), then what was sent, by whom and when. */
function Reply({ f }: { f: FeedbackDetailDto }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => feedbackApi.reply(f.id, text.trim()),
    onSuccess: () => {
      notify.success(FEEDBACK_MESSAGES.replied);
      setText('');
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: feedbackKeys.all }),
    onError: (e) => reportError(e),
  });
  if (f.replyText !== null) {
    return (
      <Flex vertical gap={4} data-testid="feedback-reply">
        {/* plain text as it was written: never read as HTML */}
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{f.replyText}</Typography.Paragraph>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fmt(D.repliedBy, { by: f.repliedBy ?? '—', at: formatDateTime(f.repliedAt) })}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        aria-label={D.reply}
        placeholder={D.replyPlaceholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={FEEDBACK_REPLY_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {D.replyHint}
      </Typography.Text>
      <Button type="primary" disabled={text.trim() === ''} loading={send.isPending} onClick={() => send.mutate()} style={{ alignSelf: 'flex-start' }}>
        {D.send}
      </Button>
    </Flex>
  );
}

/** Handling a complaint: NEW → "Đã xử lý" with a note; then who handled it, when and the note. */
function Handling({ f }: { f: FeedbackDetailDto }) {
  const qc = useQueryClient();
  const [note, setNote] = useState('');
  const done = useMutation({
    mutationFn: () => feedbackApi.handled(f.id, note.trim()),
    onSuccess: () => notify.success(FEEDBACK_MESSAGES.handled),
    onSettled: () => void qc.invalidateQueries({ queryKey: feedbackKeys.all }),
    onError: (e) => reportError(e),
  });
  if (!f.complaint) return <Typography.Text type="secondary">{D.notComplaint}</Typography.Text>;
  if (f.status === 'HANDLED') {
    return (
      <Flex vertical gap={4} data-testid="feedback-handled">
        {f.handledNote && <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{f.handledNote}</Typography.Paragraph>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fmt(D.handledBy, { by: f.handledBy ?? '—', at: formatDateTime(f.handledAt) })}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        aria-label={D.notePlaceholder}
        placeholder={D.notePlaceholder}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={FEEDBACK_NOTE_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
      <Popconfirm title={D.confirmHandle} okText={D.yes} cancelText={D.no} onConfirm={() => done.mutate()}>
        <Button loading={done.isPending} style={{ alignSelf: 'flex-start' }}>
          {D.handle}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** Everything about one feedback, the reply and the handling (the drawer of ?feedback=<id>). */
export function FeedbackDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: feedbackKeys.detail(id ?? 0), queryFn: () => feedbackApi.get(id!), enabled: id !== null });
  const f = q.data;
  return (
    <Drawer title={D.title} open={id !== null} onClose={onClose} size={640} destroyOnHidden>
      {q.isError && <Alert type="error" showIcon message={errorMessage(q.error, D.loadFailed)} />}
      {q.isLoading && <Spin />}
      {f && (
        <Flex vertical gap={20} data-testid="feedback-detail">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Stars value={f.ratings.overall} size={20} />
            <StateTags r={f} />
          </Flex>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'patient', label: D.patient, children: `${f.patientName} (${f.patientCode})` },
              { key: 'phone', label: D.phone, children: f.phone ? formatPhone(f.phone) : '—' },
              { key: 'booking', label: D.booking, children: f.bookingCode },
              { key: 'visit', label: D.visitDate, children: formatDate(f.visitDate) },
              { key: 'department', label: D.department, children: f.departmentName },
              { key: 'doctor', label: D.doctor, children: f.doctorName },
              { key: 'created', label: D.createdAt, children: formatDateTime(f.createdAt) },
            ]}
          />
          <div>
            <Typography.Title level={5}>{D.ratings}</Typography.Title>
            <Descriptions
              size="small"
              column={1}
              items={FEEDBACK_CRITERIA.map((c) => {
                const v = f.ratings[c];
                return { key: c, label: FEEDBACK_CRITERION_LABELS[c], children: v === null ? TF.notRated : <Stars value={v} /> };
              })}
            />
            {f.complaintTicked && <Alert type="warning" showIcon message={TF.complaintTicked} />}
          </div>
          <div>
            <Typography.Title level={5}>{D.comment}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0, overflowWrap: 'break-word' }}>
              {f.comment || <Typography.Text type="secondary">{TF.noComment}</Typography.Text>}
            </Typography.Paragraph>
          </div>
          <div>
            <Typography.Title level={5}>{D.reply}</Typography.Title>
            <Reply f={f} />
          </div>
          <div>
            <Typography.Title level={5}>{D.handling}</Typography.Title>
            <Handling f={f} />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
