import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS } from '@portal/shared/rules/clinic-programs';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Drawer, Flex, Form, Input, InputNumber, Popconfirm, Radio, Row, Select, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AudienceFiltersDto,
  GROUP_MESSAGES,
  type GroupDetailDto,
  LINK_TYPE_LABELS,
  LINK_TYPES,
  NOTIFICATION_CONTENT_MAX,
  NOTIFICATION_TITLE_MAX,
} from '@portal/shared/contracts/notification-groups.contract';
import { fmt } from '@portal/shared/messages.vi';
import { advertisingScheduleNotice, MESSAGE_KIND_LABELS, MESSAGE_KINDS } from '@portal/shared/rules/ad-window';
import { formatDateTime } from '@portal/shared/rules/format';
import { toInstant } from '@portal/shared/rules/time';
import { errorMessage, isApiError } from '../../../core/api/api-error';
import { DateShorthandInput } from '../../../core/blocks/date-shorthand-input';
import { SelectBox } from '../../../core/blocks/select-box';
import { useDebouncedValue } from '../../../core/blocks/use-debounced-value';
import { reportError } from '../../../core/crud/resource-api';
import { notify } from '../../../core/notify';
import { groupKeys, groupsApi } from './groups.api';
import { audienceOf, bodyOf, countable, formFieldOf, formValuesOf, type GroupFormValues } from './groups.logic';
import { TG } from './groups.messages';
import { ContentImageField } from '../../../core/rich-text/content-image-field';

const F = TG.form;
const KIND_OPTIONS = MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] }));
const LINK_OPTIONS = LINK_TYPES.map((t) => ({ value: t, label: LINK_TYPE_LABELS[t] }));
const GENDER_OPTIONS = [
  { value: '', label: F.anyGender },
  { value: 'MALE', label: F.male },
  { value: 'FEMALE', label: F.female },
];
const NEW: Partial<GroupFormValues> = { linkType: 'NONE', kind: 'CARE', all: true, gender: '' };
type Action = 'draft' | 'send' | 'schedule';

/** "Số bệnh nhân nhận: 1.234", as the server counted the filters 400 ms after they last changed. */
function AudienceCount({ ready, count, error }: { ready: boolean; count: number | undefined; error: unknown }) {
  if (!ready) return null;
  if (error) return <Alert type="warning" showIcon data-testid="audience-count" title={fmt(F.countFailed, { message: errorMessage(error, '') })} />;
  if (count === undefined) return <Alert type="info" data-testid="audience-count" title={F.counting} />;
  return (
    <Alert
      type={count > 0 ? 'success' : 'warning'}
      showIcon
      data-testid="audience-count"
      title={fmt(F.count, { count: count.toLocaleString('vi-VN') })}
      description={count === 0 ? GROUP_MESSAGES.empty : undefined}
    />
  );
}

/** Creating or editing a group, then saving it as a draft, sending it now or scheduling it. */
export function GroupForm({ open, group, onClose, onDone }: { open: boolean; group?: GroupDetailDto; onClose: () => void; onDone: (id: number) => void }) {
  const [form] = Form.useForm<GroupFormValues>();
  const qc = useQueryClient();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(group ? formValuesOf(group) : NEW);
    setScheduleAt(group?.scheduledAt && group.status === 'SCHEDULED' ? formatDateTime(group.scheduledAt) : '');
    setScheduleError(null);
    setSavedId(undefined);
  }, [open, group, form]);
  const all = Form.useWatch('all', form);
  const province = Form.useWatch('province', form);
  const linkType = Form.useWatch('linkType', form);
  const kind = Form.useWatch('kind', form);
  const audienceKey = Form.useWatch((v: GroupFormValues) => JSON.stringify(audienceOf(v ?? {})), form) ?? '{}';
  const debounced = useDebouncedValue(audienceKey, 400);
  const audience = useMemo(() => JSON.parse(debounced) as AudienceFiltersDto, [debounced]);
  const ready = open && countable(audience);
  const counted = useQuery({
    queryKey: groupKeys.count(debounced),
    queryFn: ({ signal }) => groupsApi.count(audience, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const count = counted.data;
  const [savedId, setSavedId] = useState<number | undefined>();
  const [scheduleAt, setScheduleAt] = useState('');
  const [scheduleError, setScheduleError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async ({ action, values, at }: { action: Action; values: GroupFormValues; at?: Date }) => {
      const body = bodyOf(values);
      // saved already when sending or scheduling failed after the save: the next try updates that group
      const id = savedId ?? group?.id;
      const saved = id ? await groupsApi.update(id, body) : await groupsApi.create(body);
      setSavedId(saved.id);
      if (action === 'send') return { action, g: await groupsApi.send(saved.id) };
      if (action === 'schedule') return { action, g: await groupsApi.schedule(saved.id, at!.toISOString()) };
      return { action, g: saved };
    },
    onSuccess: ({ action, g }) => {
      void qc.invalidateQueries({ queryKey: groupKeys.all });
      notify.success(action === 'send' ? F.sent : action === 'schedule' ? fmt(F.scheduled, { time: formatDateTime(g.scheduledAt) }) : F.saved);
      onDone(g.id);
    },
    onError: (e) => {
      void qc.invalidateQueries({ queryKey: groupKeys.all });
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length > 0) {
        const byField = new Map<string, string[]>();
        for (const fe of e.fieldErrors) byField.set(formFieldOf(fe.field), [...(byField.get(formFieldOf(fe.field)) ?? []), fe.message]);
        const timeErrors = byField.get('scheduleAt');
        if (timeErrors) setScheduleError(timeErrors.join(' '));
        byField.delete('scheduleAt');
        form.setFields([...byField].map(([name, errors]) => ({ name: name as never, errors })));
      }
      reportError(e);
    },
  });
  const at = toInstant(scheduleAt) ?? undefined;
  const run = async (action: Action) => {
    setScheduleError(null);
    if (action === 'schedule' && !at) {
      setScheduleError(F.chooseTime);
      return;
    }
    // a time already past is refused before anything is saved (the server refuses it too)
    if (action === 'schedule' && at && at.getTime() <= Date.now()) {
      setScheduleError(GROUP_MESSAGES.past);
      return;
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({ action, values: { ...values, ...form.getFieldsValue(true) }, at });
  };
  const notice = kind === 'ADVERTISING' && at ? advertisingScheduleNotice(at) : null;
  const dis = all === true;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={group ? F.editTitle : F.createTitle}
      size="large"
      destroyOnHidden
      footer={
        <Flex gap={8} wrap align="flex-start" justify="flex-end">
          <Flex vertical>
            <Input
              aria-label={F.scheduleAt}
              placeholder={F.scheduleAtPlaceholder}
              style={{ width: 180 }}
              maxLength={16}
              value={scheduleAt}
              status={scheduleError ? 'error' : undefined}
              onChange={(e) => {
                setScheduleAt(e.target.value);
                setScheduleError(null);
              }}
            />
            {scheduleError && (
              <Typography.Text type="danger" data-testid="schedule-error" style={{ maxWidth: 260 }}>
                {scheduleError}
              </Typography.Text>
            )}
          </Flex>
          <Button onClick={() => void run('schedule')} loading={save.isPending && save.variables?.action === 'schedule'}>
            {F.schedule}
          </Button>
          <Button onClick={() => void run('draft')} loading={save.isPending && save.variables?.action === 'draft'}>
            {F.saveDraft}
          </Button>
          <Popconfirm
            title={fmt(TG.confirmSend, { count: (count ?? 0).toLocaleString('vi-VN') })}
            okText={TG.yes}
            cancelText={TG.no}
            onConfirm={() => void run('send')}
          >
            <Button type="primary" icon={<SendOutlined />} loading={save.isPending && save.variables?.action === 'send'}>
              {F.sendNow}
            </Button>
          </Popconfirm>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={NEW}
        disabled={save.isPending}
        // an error the server gave (an age range, a period) goes once the user changes a value: it is checked again on saving
        onValuesChange={() => form.setFields(form.getFieldsError().flatMap((f) => (f.errors.length ? [{ name: f.name as never, errors: [] }] : [])))}
      >
        <Flex vertical gap={12}>
          {notice && <Alert type="info" showIcon title={notice} />}
          <Card size="small" title={F.message}>
            <Form.Item name="title" label={F.title} rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập tiêu đề' }]}>
              <Input maxLength={NOTIFICATION_TITLE_MAX} showCount />
            </Form.Item>
            <Form.Item name="content" label={F.content} rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập nội dung' }]}>
              <Input.TextArea maxLength={NOTIFICATION_CONTENT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
            <Form.Item name="imageUrl" label={F.image}>
              <ContentImageField preview={{ width: 96, height: 64 }} layout="row" />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} md={10}>
                <Form.Item name="linkType" label={F.linkType}>
                  <Select aria-label={F.linkType} options={LINK_OPTIONS} />
                </Form.Item>
              </Col>
              {(linkType === 'NEWS' || linkType === 'BOOKING' || linkType === 'URL') && (
                <Col xs={24} md={14}>
                  <Form.Item name="linkValue" label={F.linkValue[linkType]} rules={[{ required: true, whitespace: true, message: F.linkValue[linkType] }]}>
                    <Input placeholder={F.linkPlaceholder[linkType]} maxLength={2000} />
                  </Form.Item>
                </Col>
              )}
            </Row>
            <Form.Item name="kind" label={F.kind} style={{ marginBottom: 0 }}>
              <Radio.Group options={KIND_OPTIONS} />
            </Form.Item>
          </Card>
          <Card size="small" title={F.audience}>
            <Form.Item name="all" valuePropName="checked">
              <Checkbox>{F.all}</Checkbox>
            </Form.Item>
            <Row gutter={12}>
              <Col xs={24} md={8}>
                <Form.Item name="gender" label={F.gender}>
                  <Select aria-label={F.gender} options={GENDER_OPTIONS} disabled={dis} />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="ageFrom" label={F.ageFrom}>
                  <InputNumber aria-label={F.ageFrom} min={0} max={150} precision={0} style={{ width: '100%' }} disabled={dis} />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="ageTo" label={F.ageTo}>
                  <InputNumber aria-label={F.ageTo} min={0} max={150} precision={0} style={{ width: '100%' }} disabled={dis} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="province" label={F.province}>
                  <SelectBox
                    aria-label={F.province}
                    labelInValue
                    allowClear
                    disabled={dis}
                    loader={groupsApi.loader('provinces')}
                    onChange={() => form.setFieldValue('ward', undefined)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="ward" label={F.ward}>
                  <SelectBox
                    aria-label={F.ward}
                    labelInValue
                    allowClear
                    disabled={dis || !province}
                    reloadKey={province?.value}
                    loader={groupsApi.loader('wards', province?.value)}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Text strong>{F.visited}</Typography.Text>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="visitedDepartment" label={F.department}>
                  <SelectBox aria-label={F.department} labelInValue allowClear disabled={dis} loader={groupsApi.loader('departments')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="visitedSpecialty" label={F.specialty}>
                  <SelectBox aria-label={F.specialty} labelInValue allowClear disabled={dis} loader={groupsApi.loader('specialties')} />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item name="visitedFrom" label={F.from}>
                  <DateShorthandInput aria-label={`${F.visited} – ${F.from}`} disabled={dis} showError={false} />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item name="visitedTo" label={F.to}>
                  <DateShorthandInput aria-label={`${F.visited} – ${F.to}`} disabled={dis} showError={false} />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Text strong>{F.booked}</Typography.Text>
            <Row gutter={12}>
              <Col xs={12}>
                <Form.Item name="bookedFrom" label={F.from}>
                  <DateShorthandInput aria-label={`${F.booked} – ${F.from}`} disabled={dis} showError={false} />
                </Form.Item>
              </Col>
              <Col xs={12}>
                <Form.Item name="bookedTo" label={F.to}>
                  <DateShorthandInput aria-label={`${F.booked} – ${F.to}`} disabled={dis} showError={false} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="clinicProgram" label={F.clinic}>
              <Select
                aria-label={F.clinic}
                disabled={dis}
                options={[
                  { value: '', label: F.clinicNone },
                  { value: 'ALL', label: F.clinicAll },
                  ...CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] })),
                ]}
              />
            </Form.Item>
            <Form.Item name="patient" label={F.patient}>
              <SelectBox
                aria-label={F.patient}
                placeholder={F.patientPlaceholder}
                labelInValue
                allowClear
                disabled={dis}
                loader={groupsApi.loader('patients')}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary">{F.clinicNote}</Typography.Paragraph>
            <AudienceCount ready={ready} count={count} error={counted.error} />
          </Card>
        </Flex>
      </Form>
    </Drawer>
  );
}
