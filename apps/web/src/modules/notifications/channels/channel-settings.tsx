import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Spin, Switch, Typography } from 'antd';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHANNEL_PROVIDERS,
  CHANNEL_TEST_TARGET,
  type ChannelRow,
  NOTIFY_PROVIDER_LABELS,
  type NotifyChannel,
  type NotifyProvider,
  PROVIDER_FIELDS,
} from '@portal/shared/contracts/notify-channels.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { isApiError } from '../../../core/api/api-error';
import { reportError } from '../../../core/crud/resource-api';
import { notify } from '../../../core/notify';
import { channelApi, channelKeys } from './channel-settings.api';
import { TCH as M } from './channel-settings.messages';

interface Values {
  provider: NotifyProvider;
  settings: Record<string, string | boolean>;
  secrets: Record<string, string>;
}

/** One channel: its provider, the provider's fields (secrets as password fields, "Đã lưu" when set), Lưu and Gửi thử. */
function ChannelCard({ row }: { row: ChannelRow }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const provider = (Form.useWatch('provider', form) ?? row.provider) as NotifyProvider;
  const [to, setTo] = useState('');
  const fields = PROVIDER_FIELDS[provider];
  const sameProvider = provider === row.provider;

  const save = useMutation({
    mutationFn: (v: Values) => channelApi.save(row.channel, { provider: v.provider, settings: v.settings ?? {}, secrets: v.secrets ?? {} }),
    onSuccess: (saved) => {
      notify.success(fmt(M.saved, { channel: saved.label }));
      form.setFieldValue('secrets', {});
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400)
        form.setFields(e.fieldErrors.map((fe) => ({ name: fe.field.split('.') as ['settings', string], errors: [fe.message] })));
      reportError(e);
    },
  });
  const test = useMutation({
    mutationFn: () => channelApi.test(row.channel, to),
    onSuccess: (r) => {
      if (r.ok) notify.success(r.message);
      else notify.error(r.message);
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
    },
    onError: (e) => reportError(e),
  });

  return (
    <Card title={row.label} size="small" data-testid={`channel-${row.channel}`}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ provider: row.provider, settings: row.settings, secrets: {} }}
        onFinish={(v) => save.mutate(v)}
        disabled={save.isPending}
      >
        <Form.Item name="provider" label={M.provider}>
          <Select
            options={CHANNEL_PROVIDERS[row.channel].map((p) => ({ value: p, label: NOTIFY_PROVIDER_LABELS[p] }))}
            onChange={() => form.setFields([{ name: 'provider', errors: [] }])}
          />
        </Form.Item>
        {provider === 'RECORD' && <Typography.Paragraph type="secondary">{M.recordHint}</Typography.Paragraph>}
        {provider !== 'RECORD' && !row.keyConfigured && <Alert type="warning" showIcon title={M.noKey} style={{ marginBottom: 16 }} />}
        {fields.settings.map((f) => (
          <Form.Item key={f.key} name={['settings', f.key]} label={f.label} valuePropName={f.boolean ? 'checked' : 'value'}>
            {f.boolean ? <Switch /> : <Input placeholder={f.placeholder} maxLength={2000} />}
          </Form.Item>
        ))}
        {fields.secrets.map((f) => {
          const set = sameProvider && row.secretsSet.includes(f.key);
          return (
            <Form.Item key={f.key} name={['secrets', f.key]} label={f.label} extra={set ? M.secretKeepHint : undefined}>
              {f.multiline ? (
                <Input.TextArea rows={4} placeholder={set ? M.secretSet : f.placeholder} autoComplete="off" spellCheck={false} />
              ) : (
                <Input.Password placeholder={set ? M.secretSet : f.placeholder} autoComplete="new-password" />
              )}
            </Form.Item>
          );
        })}
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {M.save}
        </Button>
      </Form>
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Input
          aria-label={CHANNEL_TEST_TARGET[row.channel]}
          placeholder={CHANNEL_TEST_TARGET[row.channel]}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          maxLength={5000}
        />
        <Button icon={<SendOutlined />} onClick={() => test.mutate()} loading={test.isPending} disabled={to.trim() === ''}>
          {M.test}
        </Button>
      </Flex>
      {row.lastTest && (
        <Alert
          style={{ marginTop: 12 }}
          type={row.lastTest.ok ? 'success' : 'error'}
          title={fmt(M.lastTest, { at: formatDateTime(row.lastTest.at), message: row.lastTest.message })}
        />
      )}
      {row.updatedAt && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {fmt(M.updated, { at: formatDateTime(row.updatedAt), by: row.updatedBy ?? '—' })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * The providers of the channels that reach patients (issue 17), a card per channel the user manages: PUSH, WEBPUSH
 * and ZALO with MANAGER_NOTIFICATION, SMS with MANAGER_SMS. `channels` keeps only some (the SMS screen shows SMS).
 */
export function ChannelSettings({ channels }: { channels?: readonly NotifyChannel[] }) {
  const list = useQuery({ queryKey: channelKeys.all, queryFn: ({ signal }) => channelApi.list(signal) });
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={M.loadFailed} />;
  const shown = list.data.filter((r) => !channels || channels.includes(r.channel));
  if (!shown.length) return <Alert type="info" showIcon title={M.empty} />;
  return (
    <Row gutter={[16, 16]}>
      {shown.map((r) => (
        <Col key={`${r.channel}-${r.updatedAt ?? ''}`} xs={24} xl={shown.length === 1 ? 16 : 12}>
          <ChannelCard row={r} />
        </Col>
      ))}
    </Row>
  );
}
