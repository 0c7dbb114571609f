import { useEffect, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Flex, Form, Image, Input, List, Modal, Popconfirm, Row, Space, Switch, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { QUESTION_COMMENT_MAX, QUESTION_LIVE_TOPIC, QUESTION_REASON_MAX, type QuestionDetailDto } from '@portal/shared/contracts/questions.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { QUESTION_ACTION_FROM, QUESTION_STATUS_LABELS, type QuestionAction } from '@portal/shared/rules/question-status';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { useLiveTopic } from '../../core/live/use-live';
import { notify } from '../../core/notify';
import { LazyRichTextEditor } from '../../core/rich-text';
import { useMe } from '../auth/use-session';
import { questionKeys, questionsApi } from './questions.api';
import { askerLine, QUESTION_ROUTES, QUESTION_STATUS_COLOR } from './questions.logic';
import { TQ } from './questions.messages';
import './questions.css';

const D = TQ.detail;
const can = (action: QuestionAction, q: QuestionDetailDto) => QUESTION_ACTION_FROM[action].includes(q.status);

/** /admin/question/:id (issue 19): one question — read it, accept or reject it, assign it, discuss it, answer it. */
export function QuestionDetailPage() {
  const me = useMe();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_CONSULTATION');
  const question = useQuery({
    queryKey: questionKeys.one(id),
    queryFn: () => questionsApi.get(id),
    enabled: allowed && Number.isInteger(id) && id > 0,
    retry: false,
  });
  useLiveTopic(
    QUESTION_LIVE_TOPIC,
    (e) => {
      if (e.id === id) void qc.invalidateQueries({ queryKey: questionKeys.one(id) });
    },
    () => void qc.invalidateQueries({ queryKey: questionKeys.one(id) }),
  );
  if (!allowed) return me.data ? <ForbiddenPage /> : null;
  const q = question.data;
  return (
    <Flex vertical gap={16}>
      <Link to={QUESTION_ROUTES.list}>
        <Button icon={<ArrowLeftOutlined />} type="link" style={{ paddingInline: 0 }}>
          {D.back}
        </Button>
      </Link>
      {question.isError && <Empty description={D.notFound} />}
      {q && <QuestionView q={q} />}
    </Flex>
  );
}

function QuestionView({ q }: { q: QuestionDetailDto }) {
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const done = (d: QuestionDetailDto, message: string = D.done) => {
    qc.setQueryData(questionKeys.one(q.id), d);
    void qc.invalidateQueries({ queryKey: ['questions', 'list'] });
    void qc.invalidateQueries({ queryKey: ['questions', 'stats'] });
    notify.success(message);
  };
  const act = useMutation({
    mutationFn: (kind: 'accept' | 'hide' | 'unhide') => questionsApi[kind](q.id),
    onSuccess: (d, kind) => done(d, kind === 'accept' ? D.accepted : D.done),
    onError: (e) => reportError(e),
  });
  const sensitive = useMutation({ mutationFn: (v: boolean) => questionsApi.sensitivity(q.id, v), onSuccess: (d) => done(d), onError: (e) => reportError(e) });
  const copyLink = async () => {
    const link = await questionsApi.deeplink(q.id);
    await navigator.clipboard?.writeText(link.url).catch(() => undefined);
    notify.success(fmt(D.copied, { url: link.url }));
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Flex vertical gap={16}>
          <Card size="small">
            <Flex vertical gap={12}>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="question-title">
                {q.title}
              </Typography.Title>
              <Flex gap={4} wrap>
                <Tag color={QUESTION_STATUS_COLOR[q.status]} data-testid="question-status">
                  {QUESTION_STATUS_LABELS[q.status]}
                </Tag>
                {q.sensitive && <Tag color="purple">{TQ.sensitive}</Tag>}
                {q.timing === 'OVERDUE' && <Tag color="red">{TQ.overdue}</Tag>}
                {q.timing === 'LATE' && <Tag color="orange">{TQ.late}</Tag>}
              </Flex>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="question-content">
                {q.content}
              </Typography.Paragraph>
              {q.imageUrls.length > 0 && (
                <Image.PreviewGroup>
                  <Space wrap>
                    {q.imageUrls.map((src, i) => (
                      <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover' }} alt={`${D.images} ${i + 1}`} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              )}
              {q.status === 'REJECTED' && q.rejectReason && (
                <Typography.Text type="danger">{fmt(D.rejectedBecause, { reason: q.rejectReason })}</Typography.Text>
              )}
              <Descriptions
                size="small"
                column={{ xs: 1, md: 2 }}
                items={[
                  { key: 'asker', label: D.asker, children: [q.asker.name, askerLine(q)].filter(Boolean).join(' · ') },
                  { key: 'phone', label: D.phone, children: q.asker.phone ?? '—' },
                  { key: 'asked', label: D.askedAt, children: formatDateTime(q.createdAt) },
                  { key: 'due', label: D.dueAt, children: formatDateTime(q.dueAt) },
                ]}
              />
            </Flex>
          </Card>
          <AnswerCard q={q} onSaved={(d) => done(d, D.done)} />
        </Flex>
      </Col>
      <Col xs={24} xl={9}>
        <Flex vertical gap={16}>
          <Card size="small" title={D.actions}>
            <Flex vertical gap={12}>
              <Space wrap>
                {can('accept', q) && (
                  <Button type="primary" loading={act.isPending} onClick={() => act.mutate('accept')}>
                    {TQ.accept}
                  </Button>
                )}
                {can('reject', q) && (
                  <Button danger onClick={() => setRejecting(true)}>
                    {D.reject}
                  </Button>
                )}
                {can('hide', q) && (
                  <Popconfirm title={D.confirmHide} okText={TQ.yes} cancelText={TQ.no} onConfirm={() => act.mutate('hide')}>
                    <Button>{D.hide}</Button>
                  </Popconfirm>
                )}
                {can('unhide', q) && <Button onClick={() => act.mutate('unhide')}>{D.unhide}</Button>}
                <Button icon={<CopyOutlined />} onClick={() => void copyLink()}>
                  {D.deeplink}
                </Button>
              </Space>
              <Flex gap={8} align="flex-start">
                <Switch
                  id="question-sensitive"
                  checked={q.sensitive}
                  disabled={!can('sensitivity', q)}
                  loading={sensitive.isPending}
                  onChange={(v) => sensitive.mutate(v)}
                />
                <label htmlFor="question-sensitive">
                  <Typography.Text strong>{D.sensitive}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{D.sensitiveHint}</Typography.Text>
                </label>
              </Flex>
            </Flex>
          </Card>
          {can('assign', q) && <AssignCard q={q} onSaved={(d) => done(d, D.assigned)} />}
          <CommentsCard id={q.id} />
        </Flex>
      </Col>
      <RejectDialog q={q} open={rejecting} onClose={() => setRejecting(false)} onDone={(d) => done(d, TQ.detail.done)} />
    </Row>
  );
}

function RejectDialog({ q, open, onClose, onDone }: { q: QuestionDetailDto; open: boolean; onClose: () => void; onDone: (d: QuestionDetailDto) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useMutation({
    mutationFn: (reason: string) => questionsApi.reject(q.id, reason),
    onSuccess: (d) => {
      onDone(d);
      onClose();
      form.resetFields();
    },
    onError: (e) => reportError(e),
  });
  return (
    <Modal
      open={open}
      title={D.rejectTitle}
      okText={D.reject}
      cancelText={TQ.no}
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => reject.mutate(v.reason))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={D.rejectReason} rules={[{ required: true, whitespace: true, message: D.reasonRequired }]}>
          <Input.TextArea rows={3} maxLength={QUESTION_REASON_MAX} showCount placeholder={D.rejectPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AssignCard({ q, onSaved }: { q: QuestionDetailDto; onSaved: (d: QuestionDetailDto) => void }) {
  const [specialtyId, setSpecialtyId] = useState<number | null>(q.specialty?.id ?? null);
  const [doctorId, setDoctorId] = useState<number | null>(q.doctor?.id ?? null);
  useEffect(() => {
    setSpecialtyId(q.specialty?.id ?? null);
    setDoctorId(q.doctor?.id ?? null);
  }, [q.specialty?.id, q.doctor?.id]);
  const save = useMutation({ mutationFn: () => questionsApi.assign(q.id, specialtyId, doctorId), onSuccess: onSaved, onError: (e) => reportError(e) });
  const changed = specialtyId !== (q.specialty?.id ?? null) || doctorId !== (q.doctor?.id ?? null);
  return (
    <Card size="small" title={D.assignment}>
      <Flex vertical gap={8}>
        <SelectBox
          loader={questionsApi.loader('specialties')}
          aria-label={TQ.specialty}
          placeholder={TQ.specialty}
          allowClear
          value={specialtyId ?? undefined}
          seed={q.specialty ? [{ value: q.specialty.id, label: q.specialty.name }] : undefined}
          onChange={(v) => setSpecialtyId((v as number | undefined) ?? null)}
        />
        <SelectBox
          key={specialtyId ?? 0}
          loader={questionsApi.loader('doctors', specialtyId ?? undefined)}
          aria-label={TQ.doctor}
          placeholder={TQ.doctor}
          allowClear
          value={doctorId ?? undefined}
          seed={q.doctor ? [{ value: q.doctor.id, label: q.doctor.name }] : undefined}
          onChange={(v) => setDoctorId((v as number | undefined) ?? null)}
        />
        <Button disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
          {D.saveAssignment}
        </Button>
      </Flex>
    </Card>
  );
}

function AnswerCard({ q, onSaved }: { q: QuestionDetailDto; onSaved: (d: QuestionDetailDto) => void }) {
  const [form] = Form.useForm<{ answerHtml: string; doctorId?: number }>();
  useEffect(() => {
    form.setFieldsValue({ answerHtml: q.answerHtml ?? '', doctorId: q.doctor?.id });
  }, [form, q.answerHtml, q.doctor?.id]);
  const save = useMutation({
    mutationFn: (v: { answerHtml: string; doctorId?: number }) => questionsApi.answer(q.id, { ...v, version: q.version }),
    onSuccess: onSaved,
    onError: (e) => reportError(e),
  });
  const open = can('answer', q);
  return (
    <Card size="small" title={D.answer} data-testid="answer-card">
      {!open && <Typography.Text type="secondary">{q.status === 'REJECTED' ? D.answerRejected : q.status === 'NEW' ? D.answerLocked : null}</Typography.Text>}
      {q.answeredAt && (
        <Typography.Paragraph type="secondary">
          {fmt(D.answeredBy, { at: formatDateTime(q.answerUpdatedAt ?? q.answeredAt), by: q.answeredBy ?? '—' })}
          {q.answerHours !== null && ` · ${fmt(D.answerTime, { n: q.answerHours.toLocaleString('vi-VN') })}`}
        </Typography.Paragraph>
      )}
      {!open && q.answerHtml && (
        <div
          className="question-answer-view"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML (core/content/sanitize.ts allow-list), as stored and served to patients
          dangerouslySetInnerHTML={{ __html: q.answerHtml }}
        />
      )}
      {open && (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item name="doctorId" label={D.answerDoctor} rules={[{ required: true, message: D.doctorRequired }]}>
            <SelectBox
              loader={questionsApi.loader('doctors', q.specialty?.id)}
              aria-label={D.answerDoctor}
              placeholder={D.answerDoctor}
              seed={q.doctor ? [{ value: q.doctor.id, label: q.doctor.name }] : undefined}
            />
          </Form.Item>
          <Form.Item name="answerHtml" label={D.answer} rules={[{ required: true, message: D.answerRequired }]}>
            <LazyRichTextEditor allowImages minHeight={220} placeholder={D.answerPlaceholder} aria-label={D.answer} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {q.answeredAt ? D.updateAnswer : D.saveAnswer}
          </Button>
        </Form>
      )}
    </Card>
  );
}

function CommentsCard({ id }: { id: number }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const comments = useQuery({ queryKey: questionKeys.comments(id), queryFn: () => questionsApi.comments(id) });
  useLiveTopic(QUESTION_LIVE_TOPIC, (e) => {
    if (e.id === id && e.event === 'comment') void qc.invalidateQueries({ queryKey: questionKeys.comments(id) });
  });
  const add = useMutation({
    mutationFn: () => questionsApi.addComment(id, text),
    onSuccess: () => {
      setText('');
      void qc.invalidateQueries({ queryKey: questionKeys.comments(id) });
    },
    onError: (e) => reportError(e),
  });
  return (
    <Card size="small" title={D.comments} data-testid="question-comments">
      <Typography.Text type="secondary">{D.commentsHint}</Typography.Text>
      <List
        size="small"
        locale={{ emptyText: D.noComments }}
        dataSource={comments.data ?? []}
        renderItem={(c) => (
          <List.Item>
            <Flex vertical>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{c.text}</Typography.Text>
              <Typography.Text type="secondary">
                {c.by} · {formatDateTime(c.at)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Flex vertical gap={8}>
        <Input.TextArea
          aria-label={D.addComment}
          rows={2}
          maxLength={QUESTION_COMMENT_MAX}
          value={text}
          placeholder={D.commentPlaceholder}
          onChange={(e) => setText(e.target.value)}
        />
        <Button disabled={!text.trim()} loading={add.isPending} onClick={() => add.mutate()}>
          {D.addComment}
        </Button>
      </Flex>
    </Card>
  );
}
