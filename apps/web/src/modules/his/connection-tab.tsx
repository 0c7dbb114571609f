import { useEffect } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Spin, Switch, Typography } from 'antd';
import { ApiOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ConnectionDto, connectionBody, HIS_AUTH_LABELS, HIS_AUTH_TYPES, HIS_LIMITS, HIS_MESSAGES } from '@portal/shared/contracts/his.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { splitFieldErrors, zodMessage } from '../../core/crud/zod-rules';
import { notify } from '../../core/notify';
import { ConnectionTestResult } from './connection-test';
import { hisApi, hisKeys } from './his.api';
import { AUTH_FIELDS, type ConnectionForm, connectionBodyOf, connectionFormOf, NO_SYNC_HOUR } from './his.logic';
import { TH } from './his.messages';

const M = TH.connection;
const SHAPE = connectionBody.shape;
const FORM_KEYS = Object.keys(SHAPE);
const HOURS = [{ value: NO_SYNC_HOUR, label: M.noSync }, ...Array.from({ length: 24 }, (_, h) => ({ value: h, label: fmt(M.hour, { hour: h }) }))];

/** An antd rule of one field of the contract's body (the same message the server would give). */
const rule = (schema: z.ZodType) => ({
  validator: async (_r: unknown, v: unknown) => {
    const message = zodMessage(schema, typeof v === 'string' && v.trim() === '' ? undefined : v);
    if (message) throw new Error(message);
  },
});
const required = (message: string) => [{ required: true, whitespace: true, message }];

function ConnectionFormCard({ c }: { c: ConnectionDto }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<ConnectionForm>();
  const authType = Form.useWatch('authType', form) ?? c.authType;
  useEffect(() => form.setFieldsValue(connectionFormOf(c)), [c, form]);
  const save = useMutation({
    mutationFn: (v: ConnectionForm) => hisApi.save(connectionBodyOf(v)),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.saved);
      qc.setQueryData(hisKeys.connection, res.data);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length) {
        const { fields, other } = splitFieldErrors(e.fieldErrors, FORM_KEYS);
        form.setFields(fields.map((f) => ({ name: (Array.isArray(f.name) ? f.name[0] : f.name) as keyof ConnectionForm, errors: f.errors })));
        if (other.length) notify.error(other.join('. '));
      } else reportError(e);
    },
  });
  const fields = AUTH_FIELDS[authType];
  const secretKept = c.hasSecret && authType === c.authType;
  return (
    <Card size="small" title={M.settings}>
      <Form<ConnectionForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="his-connection-form">
        <Form.Item name="enabled" label={M.enabled} valuePropName="checked">
          <Switch checkedChildren={M.on} unCheckedChildren={M.off} />
        </Form.Item>
        <Form.Item name="baseUrl" label={M.baseUrl} extra={M.baseUrlHint} rules={[rule(SHAPE.baseUrl)]}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        {!c.secretKeyConfigured && <Alert type="warning" showIcon title={HIS_MESSAGES.noSecretKey} style={{ marginBottom: 16 }} />}
        <Form.Item name="authType" label={M.authType}>
          <Select options={HIS_AUTH_TYPES.map((a) => ({ value: a, label: HIS_AUTH_LABELS[a], disabled: !c.secretKeyConfigured && a !== 'NONE' }))} />
        </Form.Item>
        <Row gutter={12}>
          {fields.includes('username') && (
            <Col span={12}>
              <Form.Item name="username" label={M.username} rules={required(HIS_MESSAGES.usernameRequired)}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
          )}
          {fields.includes('clientId') && (
            <Col span={12}>
              <Form.Item name="clientId" label={M.clientId} rules={required(HIS_MESSAGES.clientIdRequired)}>
                <Input maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
          )}
          {fields.includes('tokenUrl') && (
            <Col span={12}>
              <Form.Item name="tokenUrl" label={M.tokenUrl} validateFirst rules={[...required(HIS_MESSAGES.tokenUrlRequired), rule(SHAPE.baseUrl)]}>
                <Input maxLength={500} placeholder="https://" />
              </Form.Item>
            </Col>
          )}
          {fields.includes('secret') && authType !== 'NONE' && (
            <Col span={12}>
              <Form.Item
                name="secret"
                label={M.secret[authType as keyof typeof M.secret]}
                rules={secretKept ? [] : [{ required: true, message: HIS_MESSAGES.secretRequired }]}
              >
                <Input.Password maxLength={2000} autoComplete="new-password" placeholder={secretKept ? M.secretKept : undefined} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="hisOrganizationId" label={M.hisOrganizationId} rules={[rule(SHAPE.hisOrganizationId)]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="patientCodeSystem" label={M.patientCodeSystem} rules={[rule(SHAPE.patientCodeSystem)]}>
              <Input maxLength={200} placeholder="urn:his:patient-code" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{M.limits}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          <Col span={8}>
            <Form.Item name="timeoutSeconds" label={M.timeoutSeconds} rules={[rule(SHAPE.timeoutSeconds)]}>
              <InputNumber precision={0} min={HIS_LIMITS.timeoutSecondsMin} max={HIS_LIMITS.timeoutSecondsMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="pageSize" label={M.pageSize} rules={[rule(SHAPE.pageSize)]}>
              <InputNumber precision={0} min={HIS_LIMITS.pageSizeMin} max={HIS_LIMITS.pageSizeMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="maxPages" label={M.maxPages} rules={[rule(SHAPE.maxPages)]}>
              <InputNumber precision={0} min={HIS_LIMITS.maxPagesMin} max={HIS_LIMITS.maxPagesMax} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{M.schedule}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          <Col span={12}>
            <Form.Item name="syncHour" label={M.syncHour}>
              <Select options={HOURS} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nightlyPull" label={M.nightlyPull} valuePropName="checked">
              <Switch checkedChildren={M.on} unCheckedChildren={M.off} />
            </Form.Item>
            <Form.Item name="sendCheckins" label={M.sendCheckins} valuePropName="checked">
              <Switch checkedChildren={M.on} unCheckedChildren={M.off} />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={12} align="center" justify="end" wrap>
          {c.updatedAt && <Typography.Text type="secondary">{fmt(M.lastSaved, { at: formatDateTime(c.updatedAt), by: c.updatedBy ?? '—' })}</Typography.Text>}
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
            {M.save}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** "Kiểm tra kết nối" with the saved settings, and its answer (the last one the server kept until a new one). */
function TestCard({ c }: { c: ConnectionDto }) {
  const qc = useQueryClient();
  const test = useMutation({
    mutationFn: hisApi.test,
    onSuccess: (r) => qc.setQueryData<ConnectionDto>(hisKeys.connection, (old) => (old ? { ...old, lastTest: r } : old)),
    onError: (e) => reportError(e),
  });
  const shown = c.lastTest;
  return (
    <Card
      size="small"
      title={M.testTitle}
      extra={
        <Button icon={<ApiOutlined />} onClick={() => test.mutate()} loading={test.isPending} disabled={!c.configured}>
          {M.test}
        </Button>
      }
    >
      {!c.configured && <Typography.Paragraph type="secondary">{M.notConfiguredHint}</Typography.Paragraph>}
      {shown ? <ConnectionTestResult test={shown} /> : c.configured && <Typography.Text type="secondary">{TH.test.never}</Typography.Text>}
    </Card>
  );
}

/** Tab "Kết nối": the FHIR endpoint, its authentication and limits, the schedule, and the connection test. */
export function ConnectionTab() {
  const connection = useQuery({ queryKey: hisKeys.connection, queryFn: hisApi.connection });
  if (connection.isPending) return <Spin />;
  if (connection.isError) return <Alert type="error" showIcon title={T.crud.loadFailed} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={13}>
        <ConnectionFormCard c={connection.data} />
      </Col>
      <Col xs={24} xl={11}>
        <TestCard c={connection.data} />
      </Col>
    </Row>
  );
}
