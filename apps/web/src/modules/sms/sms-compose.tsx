import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Popconfirm, Radio, Row, Select, Tag, Typography } from 'antd';
import { FileTextOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SMS_MAX_PARTS, type SmsBatchDto, type SmsComposeBody } from '@portal/shared/contracts/sms.contract';
import { fmt } from '@portal/shared/messages.vi';
import { MESSAGE_KIND_LABELS, MESSAGE_KINDS, type MessageKind } from '@portal/shared/rules/ad-window';
import { formatVnd } from '@portal/shared/rules/format';
import { parsePhoneList } from '@portal/shared/rules/identifiers';
import { removeDiacritics, SMS_PART_LIMIT, SMS_SINGLE_LIMIT } from '@portal/shared/rules/sms';
import { isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { readPhonesFile } from './sms-file';
import { smsApi, smsKeys } from './sms.api';
import { costEstimate, messageSummary, scheduleNotice } from './sms.logic';
import { TSMS as M } from './sms.messages';

/** Invalid numbers listed under the box; the rest are counted. */
const INVALID_SHOWN = 20;
const KIND_OPTIONS = MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }));

interface Values {
  kind: MessageKind;
  content: string;
  phones: string;
}

interface TemplateRow {
  id: number;
  code: string;
  name: string;
  kind: MessageKind;
  content: string;
}

/** The counter under the text: characters, encoding, parts, what is left in the part, cost. */
function Counter({
  content,
  kind,
  phones,
  pricePerPart,
  onRemoveDiacritics,
}: {
  content: string;
  kind: MessageKind;
  phones: number;
  pricePerPart?: number;
  onRemoveDiacritics: () => void;
}) {
  const s = useMemo(() => messageSummary(content, kind), [content, kind]);
  const { encoding, characters, parts, remainingInPart } = s.segments;
  const cost = costEstimate(parts, phones, pricePerPart);
  const limits = { single: SMS_SINGLE_LIMIT[encoding], part: SMS_PART_LIMIT[encoding] };
  return (
    <Flex vertical gap={6} data-testid="sms-counter">
      <Flex wrap gap={8} align="center">
        <Tag data-testid="sms-characters">{fmt(M.counter.characters, { count: characters })}</Tag>
        <Tag color={encoding === 'UCS-2' ? 'orange' : 'green'} data-testid="sms-encoding">
          {fmt(encoding === 'UCS-2' ? M.counter.ucs2 : M.counter.gsm7, limits)}
        </Tag>
        <Tag color={s.tooLong ? 'red' : 'blue'} data-testid="sms-parts">
          {fmt(M.counter.parts, { count: parts })}
        </Tag>
        {parts > 0 && <Typography.Text type="secondary">{fmt(M.counter.left, { count: remainingInPart })}</Typography.Text>}
      </Flex>
      {s.tooLong && <Typography.Text type="danger">{fmt(M.counter.tooLong, { parts, max: SMS_MAX_PARTS })}</Typography.Text>}
      {kind === 'ADVERTISING' && parts > 0 && <Typography.Text type="secondary">{M.counter.prefixed}</Typography.Text>}
      {s.forcing.length > 0 && (
        <Flex wrap gap={8} align="center">
          <Typography.Text type="warning" data-testid="sms-forcing">
            {fmt(M.counter.forcing, { chars: s.forcing.slice(0, 30).join(' ') })}
          </Typography.Text>
          <Button size="small" onClick={onRemoveDiacritics} title={M.removeDiacriticsHint}>
            {M.removeDiacritics}
          </Button>
        </Flex>
      )}
      <Typography.Text>
        {M.counter.cost}:{' '}
        <Typography.Text strong data-testid="sms-cost">
          {cost === null ? '—' : formatVnd(cost)}
        </Typography.Text>
        {pricePerPart !== undefined && parts > 0 && phones > 0 && (
          <Typography.Text type="secondary"> ({fmt(M.counter.costDetail, { parts, phones, price: formatVnd(pricePerPart) })})</Typography.Text>
        )}
      </Typography.Text>
    </Flex>
  );
}

/** The live summary of the pasted numbers, with each invalid one named by its line. */
function PhoneSummary({ list }: { list: ReturnType<typeof parsePhoneList> }) {
  const { valid, duplicates, invalid } = list;
  return (
    <Flex vertical gap={4} data-testid="sms-phone-summary">
      <Typography.Text type={invalid.length > 0 ? 'danger' : undefined}>
        {fmt(M.phoneSummary, { valid: valid.length.toLocaleString('vi-VN'), duplicates, invalid: invalid.length })}
      </Typography.Text>
      {invalid.length > 0 && (
        <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 160, overflowY: 'auto' }} data-testid="sms-invalid">
          {invalid.slice(0, INVALID_SHOWN).map((p) => (
            <li key={`${p.line}-${p.value}`}>
              <Typography.Text type="danger">{fmt(M.invalidLine, { line: p.line, value: p.value, message: p.message })}</Typography.Text>
            </li>
          ))}
          {invalid.length > INVALID_SHOWN && <li>{fmt(M.moreInvalid, { count: invalid.length - INVALID_SHOWN })}</li>}
        </ul>
      )}
    </Flex>
  );
}

/** Soạn tin: kind, template, text with its live counter, numbers with their live check, and Gửi. */
export function SmsCompose({ onSent }: { onSent: (batch: SmsBatchDto) => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const kind = Form.useWatch('kind', form) ?? 'CARE';
  const content = Form.useWatch('content', form) ?? '';
  const phonesText = Form.useWatch('phones', form) ?? '';
  // a pasted list of 10,000 numbers is parsed behind the typing, not on each key
  const deferredPhones = useDeferredValue(phonesText);
  const phones = useMemo(() => parsePhoneList(deferredPhones), [deferredPhones]);
  const balance = useQuery({ queryKey: smsKeys.balance, queryFn: smsApi.balance });
  const templates = useQuery({ queryKey: smsKeys.templates, queryFn: ({ signal }) => smsApi.templates(signal) });
  const groups = useQuery({ queryKey: smsKeys.groups, queryFn: ({ signal }) => smsApi.groups(signal) });
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [reading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // read at each render (every key, every change of kind): a screen left open past 22:00 says so at the next edit
  const notice = scheduleNotice(kind, new Date());
  const summary = messageSummary(content, kind);

  const send = useMutation({
    mutationFn: (body: SmsComposeBody) => smsApi.send(body),
    onSuccess: (batch) => {
      notify.success(fmt(M.sent, { count: batch.recipients.toLocaleString('vi-VN') }));
      void queryClient.invalidateQueries({ queryKey: smsKeys.all });
      form.resetFields();
      setTemplateId(undefined);
      onSent(batch);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length > 0) {
        const byField = new Map<keyof Values, string[]>();
        for (const fe of e.fieldErrors) {
          const name = (['kind', 'content', 'phones'] as const).find((f) => f === fe.field) ?? 'phones';
          byField.set(name, [...(byField.get(name) ?? []), fe.message]);
        }
        form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      }
      reportError(e);
    },
  });

  const templateOptions = (templates.data ?? []).map((raw) => {
    const t = raw as unknown as TemplateRow;
    return { value: t.id, label: `${t.code} · ${t.name}`, template: t };
  });

  const readFile = async (file: File) => {
    setReading(true);
    try {
      const text = await readPhonesFile(file);
      append(text);
      notify.info(fmt(M.fileRead, { count: text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '').length, name: file.name }));
    } catch {
      notify.error(fmt(M.fileFailed, { name: file.name }));
    } finally {
      setReading(false);
    }
  };

  /** Adds the numbers to the list, after what is there (a file, a group, a paste): the list is checked as a whole. */
  const append = (text: string) => {
    const current = (form.getFieldValue('phones') as string | undefined) ?? '';
    form.setFieldsValue({ phones: current.trim() === '' ? text : `${current.trimEnd()}\n${text}` });
    form.setFields([{ name: 'phones', errors: [] }]);
  };

  const readGroup = async (id: number) => {
    const title = groups.data?.find((g) => g.id === id)?.title ?? '';
    setReading(true);
    try {
      const r = await smsApi.groupPhones(id);
      append(r.phones.join('\n'));
      notify.info(fmt(M.groupRead, { count: r.phones.length.toLocaleString('vi-VN'), title }));
      if (r.withoutPhone > 0) notify.warning(fmt(M.groupWithoutPhone, { count: r.withoutPhone.toLocaleString('vi-VN') }));
    } catch {
      notify.error(fmt(M.groupFailed, { title }));
    } finally {
      setReading(false);
    }
  };

  const submit = (v: Values) => send.mutate({ kind: v.kind, content: v.content, phones: v.phones, removeDiacritics: false });
  // invalid numbers and a text too long do not disable Gửi: the server refuses them and names each on its field
  const canSend = summary.segments.parts > 0 && phonesText.trim() !== '';
  const cost = costEstimate(summary.segments.parts, phones.valid.length, balance.data?.pricePerPart);

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ kind: 'CARE', content: '', phones: '' }} onFinish={submit} requiredMark={false}>
      <Row gutter={16}>
        <Col xs={24} lg={13}>
          <Card size="small">
            <Form.Item name="kind" label={M.kind}>
              <Radio.Group options={KIND_OPTIONS} optionType="button" />
            </Form.Item>
            {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="sms-ad-notice" />}
            <Form.Item label={M.template}>
              <Select
                aria-label={M.template}
                placeholder={M.templatePlaceholder}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={templates.isLoading}
                value={templateId}
                options={templateOptions}
                onChange={(id: number | undefined, option) => {
                  setTemplateId(id);
                  const t = (Array.isArray(option) ? undefined : option)?.template;
                  if (t) form.setFieldsValue({ content: t.content, kind: t.kind });
                }}
              />
            </Form.Item>
            <Form.Item
              name="content"
              label={M.content}
              rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập nội dung tin nhắn' }]}
              style={{ marginBottom: 8 }}
            >
              <Input.TextArea aria-label={M.content} placeholder={M.contentPlaceholder} autoSize={{ minRows: 5, maxRows: 12 }} maxLength={2000} />
            </Form.Item>
            <Counter
              content={content}
              kind={kind}
              phones={phones.valid.length}
              pricePerPart={balance.data?.pricePerPart}
              onRemoveDiacritics={() => form.setFieldsValue({ content: removeDiacritics(form.getFieldValue('content') ?? '') })}
            />
          </Card>
        </Col>
        <Col xs={24} lg={11}>
          <Card size="small">
            <Form.Item
              name="phones"
              label={M.phones}
              rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập số điện thoại' }]}
              style={{ marginBottom: 8 }}
            >
              <Input.TextArea aria-label={M.phones} placeholder={M.phonesPlaceholder} autoSize={{ minRows: 7, maxRows: 14 }} />
            </Form.Item>
            <Flex vertical gap={8}>
              <PhoneSummary list={phones} />
              {/* where numbers come from, then the send button on its own row, at the right */}
              <Flex align="center" wrap gap={8}>
                <div>
                  <input
                    ref={fileInput}
                    type="file"
                    accept=".xlsx,.csv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,text/plain"
                    style={{ display: 'none' }}
                    onChange={(e) => {
                      const f = e.currentTarget.files?.[0];
                      e.currentTarget.value = '';
                      if (f) void readFile(f);
                    }}
                  />
                  <Button icon={<FileTextOutlined />} loading={reading} onClick={() => fileInput.current?.click()}>
                    {M.readFile}
                  </Button>
                </div>
                <Select
                  aria-label={M.fromGroup}
                  placeholder={M.fromGroup}
                  style={{ minWidth: 200, flex: 1 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={groups.isLoading}
                  disabled={reading}
                  value={null}
                  options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.title }))}
                  onChange={(id: number | null) => {
                    if (id !== null) void readGroup(id);
                  }}
                />
              </Flex>
              <Flex justify="flex-end">
                <Popconfirm
                  title={fmt(M.confirmSend, { count: phones.valid.length.toLocaleString('vi-VN'), cost: cost === null ? '—' : formatVnd(cost) })}
                  okText={M.sendOk}
                  cancelText={M.cancel}
                  disabled={!canSend}
                  onConfirm={() => form.submit()}
                >
                  <Button type="primary" icon={<SendOutlined />} disabled={!canSend} loading={send.isPending}>
                    {M.send}
                  </Button>
                </Popconfirm>
              </Flex>
            </Flex>
          </Card>
        </Col>
      </Row>
    </Form>
  );
}
