import { useEffect } from 'react';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasAuthority } from '@portal/shared/authorities';
import { type FacilityProfile, type FacilityProfileBody, PRICE_PAGE_DEFAULTS, PRICE_TEXT_MAX } from '@portal/shared/contracts/settings.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { settingDef, parseSettingValue } from '@portal/shared/rules/settings-keys';
import { type WorkingHours, workingHoursProblems } from '@portal/shared/rules/working-hours';
import { isApiError } from '../../core/api/api-error';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { settingsApi, settingsKeys } from './settings.api';
import { TS } from './settings.messages';
import { WorkingHoursField } from './working-hours-field';
import { ContentImageField } from '../../core/rich-text/content-image-field';

const M = TS.profile;
const SAVE_BAR = {
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  padding: '10px 16px',
  background: 'var(--ant-color-bg-container, #fff)',
  borderRadius: 8,
  boxShadow: '0 -2px 8px rgba(0, 21, 41, 0.08)',
} as const;
const PASSWORD_KEY = 'PASSWORD_REMINDER_DAYS';

type ProfileForm = Omit<FacilityProfile, 'id' | 'code' | 'updatedBy' | 'updatedAt'>;

const formOf = (p: FacilityProfile): ProfileForm => ({
  name: p.name,
  shortName: p.shortName,
  avatar: p.avatar,
  address: p.address,
  hotline: p.hotline,
  emergencyPhone: p.emergencyPhone,
  website: p.website,
  slogan: p.slogan,
  workingHours: p.workingHours,
  priceTitle: p.priceTitle,
  priceSubtitle: p.priceSubtitle,
  priceFooterNote: p.priceFooterNote,
});

/** The password reminder period: the general configuration's PASSWORD_REMINDER_DAYS, saved on its own. */
function PasswordPolicy() {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: settingsKeys.config, queryFn: settingsApi.list });
  const row = list.data?.find((r) => r.key === PASSWORD_KEY);
  const [form] = Form.useForm<{ days: number | null }>();
  useEffect(() => {
    if (row) form.setFieldsValue({ days: row.effective as number });
  }, [row, form]);
  const save = useMutation({
    mutationFn: (days: number | null) => settingsApi.set(PASSWORD_KEY, days),
    onSuccess: () => {
      notify.success(M.savedPassword);
      void qc.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.serverMessage) form.setFields([{ name: 'days', errors: [e.serverMessage] }]);
      else reportError(e);
    },
  });
  const def = settingDef(PASSWORD_KEY)!;
  return (
    <Card size="small" title={M.password}>
      <Form form={form} layout="inline" onFinish={(v) => save.mutate(v.days ?? null)}>
        <Form.Item
          name="days"
          label={M.passwordReminder}
          extra={M.passwordHint}
          rules={[
            {
              validator: async (_r, v) => {
                const r = parseSettingValue(def, v);
                if (!r.ok) throw new Error(r.message);
              },
            },
          ]}
        >
          <InputNumber aria-label={M.passwordReminder} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={save.isPending} disabled={!row}>
            {M.save}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function ProfileTab() {
  const qc = useQueryClient();
  const [form] = Form.useForm<ProfileForm>();
  const profile = useQuery({ queryKey: settingsKeys.profile, queryFn: settingsApi.profile });
  useEffect(() => {
    if (profile.data) form.setFieldsValue(formOf(profile.data));
  }, [profile.data, form]);
  const save = useMutation({
    mutationFn: (body: FacilityProfileBody) => settingsApi.saveProfile(body),
    onSuccess: (res) => {
      notify.success(res.message ?? '');
      qc.setQueryData(settingsKeys.profile, res.data);
      void qc.invalidateQueries({ queryKey: settingsKeys.config });
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length) {
        // field paths as the server names them ("workingHours.1.periods.0" → the week's box)
        form.setFields(e.fieldErrors.map((f) => ({ name: f.field.split('.')[0] as keyof ProfileForm, errors: [f.message] })));
      }
      reportError(e);
    },
  });
  const text = (name: keyof ProfileForm, label: string, max: number, placeholder?: string) => (
    <Form.Item name={name} label={label}>
      <Input maxLength={max} showCount={max > 100} placeholder={placeholder} />
    </Form.Item>
  );
  return (
    <Form<ProfileForm>
      form={form}
      layout="vertical"
      disabled={!profile.data}
      onFinish={(v) => save.mutate({ ...v, workingHours: v.workingHours ?? null } as FacilityProfileBody)}
      data-testid="facility-profile"
    >
      <Flex vertical gap={16}>
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card size="small" title={M.info}>
              <Row gutter={12}>
                <Col span={16}>
                  <Form.Item name="name" label={M.name} rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập tên cơ sở' }]}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col span={8}>{text('shortName', M.shortName, 50)}</Col>
              </Row>
              <Form.Item name="avatar" label={M.logo} extra={M.logoHint}>
                <ContentImageField
                  preview={{ width: 56, height: 56, fit: 'contain' }}
                  layout="row"
                  alt={M.logo}
                  uploadLabel={M.upload}
                  removeLabel={M.removeLogo}
                />
              </Form.Item>
              {text('address', M.address, 300)}
              <Row gutter={12}>
                <Col span={8}>{text('hotline', M.hotline, 30, '1900 xxxx')}</Col>
                <Col span={8}>{text('emergencyPhone', M.emergencyPhone, 30)}</Col>
                <Col span={8}>{text('website', M.website, 300, 'https://')}</Col>
              </Row>
              {text('slogan', M.slogan, 200)}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title={M.hours}>
              <Form.Item
                name="workingHours"
                extra={M.hoursHint}
                rules={[
                  {
                    validator: async (_r, v: WorkingHours | null) => {
                      const problems = v ? workingHoursProblems(v) : [];
                      if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
                    },
                  },
                ]}
              >
                <WorkingHoursField />
              </Form.Item>
            </Card>
          </Col>
        </Row>
        <Card
          size="small"
          title={M.pricePage}
          extra={
            <a href="/list-service" target="_blank" rel="noopener noreferrer">
              {M.openPricePage}
            </a>
          }
        >
          <Typography.Paragraph type="secondary">{M.pricePageHint}</Typography.Paragraph>
          <Row gutter={12}>
            <Col span={8}>{text('priceTitle', M.priceTitle, PRICE_TEXT_MAX.priceTitle, PRICE_PAGE_DEFAULTS.priceTitle)}</Col>
            <Col span={16}>{text('priceSubtitle', M.priceSubtitle, PRICE_TEXT_MAX.priceSubtitle, PRICE_PAGE_DEFAULTS.priceSubtitle)}</Col>
          </Row>
          <Form.Item name="priceFooterNote" label={M.priceFooterNote}>
            <Input.TextArea
              maxLength={PRICE_TEXT_MAX.priceFooterNote}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={PRICE_PAGE_DEFAULTS.priceFooterNote}
            />
          </Form.Item>
        </Card>
        {/* kept in sight at the foot of the window while the long form scrolls */}
        <Flex gap={12} align="center" justify="end" style={SAVE_BAR} data-testid="settings-save-bar">
          {profile.data?.updatedAt && (
            <Typography.Text type="secondary">
              {fmt(M.lastSaved, { at: formatDateTime(profile.data.updatedAt), by: profile.data.updatedBy ?? '' })}
            </Typography.Text>
          )}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {M.save}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/**
 * /admin/settings (MANAGER_SETTING, issue 18): the facility's profile (name, logo, contacts, working hours per
 * weekday, the public price page's texts) and the staff password policy. The general configuration is a tab of
 * /admin/menu. A change shows on the price page's next load.
 */
export function SettingsPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SETTING')) return <ForbiddenPage />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {TS.title}
      </Typography.Title>
      <ProfileTab />
      <PasswordPolicy />
    </Flex>
  );
}
