import { useEffect } from 'react';
import { Button, Col, Drawer, Flex, Form, Input, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMutation } from '@tanstack/react-query';
import { GENDERS, RELATIONSHIPS, type MedicalProfile, type MedicalProfileInput } from '@portal/shared/contracts/patients.contract';
import { formatDate } from '@portal/shared/rules/format';
import { parseBirthDate, validateBhyt, validateCccd, validatePhone } from '@portal/shared/rules/identifiers';
import { T } from '../../app/messages';
import { isApiError } from '../../core/api/api-error';
import { DateShorthandInput, dateShorthandRule } from '../../core/blocks/date-shorthand-input';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { OldAddressButton, type MappedAddress } from './old-address';
import { patientsApi } from './patients.api';

const R = T.patients.record;
type Labeled = { value: string; label: string } | undefined;
interface Values {
  fullName: string;
  birthDate: string;
  gender?: string;
  relationship?: string;
  phone?: string;
  email?: string;
  cccd?: string;
  bhyt?: string;
  bhytExpiry?: string;
  nation?: Labeled;
  job?: Labeled;
  province?: Labeled;
  ward?: Labeled;
  street?: string;
}

/** An antd rule from a shared validator (null = valid); empty passes. */
const ruleOf = (validate: (v: string) => string | null): Rule => ({
  validator: (_r, v: string | undefined) => {
    const e = v ? validate(v) : null;
    return e ? Promise.reject(new Error(e)) : Promise.resolve();
  },
});
const labeled = (value: string | null, label: string | null): Labeled => (value ? { value, label: label ?? value } : undefined);

/**
 * Create or edit a medical profile: date of birth by shorthand, identifiers checked as the server does, areas by
 * official code. Without an account (`userId` null) it registers a patient new to the hospital: an account without a
 * password and this profile as its holder's (the counter's walk-in, the new-patient button of the patients list).
 */
export function ProfileForm({
  userId,
  profile,
  draft,
  open,
  onClose,
  onSaved,
}: {
  userId: number | null;
  profile: MedicalProfile | null;
  /** A new profile's first fields (what the desk had searched for). */
  draft?: { fullName?: string; phone?: string };
  open: boolean;
  onClose: () => void;
  onSaved: (profile: MedicalProfile) => void;
}) {
  const newPatient = userId === null;
  const [form] = Form.useForm<Values>();
  const province = Form.useWatch('province', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (profile) {
      form.setFieldsValue({
        fullName: profile.fullName,
        birthDate: formatDate(profile.birthDate),
        gender: profile.gender,
        relationship: profile.relationship,
        phone: profile.phone ?? '',
        email: profile.email ?? '',
        cccd: profile.cccd ?? '',
        bhyt: profile.bhyt ?? '',
        bhytExpiry: profile.bhytExpiry ? formatDate(profile.bhytExpiry) : '',
        nation: labeled(profile.nationCode, profile.nationName),
        job: labeled(profile.jobCode, profile.jobName),
        province: labeled(profile.provinceCode, profile.provinceName),
        ward: labeled(profile.wardCode, profile.wardName),
        street: profile.street ?? '',
      });
    } else form.setFieldsValue({ relationship: 'CHILD', nation: { value: '01', label: 'Kinh' }, ...draft });
    // the draft is read when the form opens (not a dependency: a new object at each render of the chooser)
  }, [open, profile, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: MedicalProfileInput = {
        fullName: v.fullName,
        birthDate: v.birthDate,
        gender: v.gender as 'MALE' | 'FEMALE',
        relationship: newPatient ? 'SELF' : (v.relationship as MedicalProfileInput['relationship']),
        phone: v.phone || null,
        email: v.email || null,
        cccd: v.cccd || null,
        bhyt: v.bhyt || null,
        bhytExpiry: v.bhytExpiry || null,
        nationCode: v.nation?.value ?? null,
        jobCode: v.job?.value ?? null,
        provinceCode: v.province?.value ?? null,
        wardCode: v.ward?.value ?? null,
        street: v.street || null,
      };
      if (userId === null) return patientsApi.createPatient(body);
      return profile ? patientsApi.updateProfile(userId, profile.id, body) : patientsApi.createProfile(userId, body);
    },
    onSuccess: (res) => {
      notify.success(res.message ?? T.crud.saved);
      onSaved(res.data);
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length) {
        const map: Record<string, keyof Values> = { nationCode: 'nation', jobCode: 'job', provinceCode: 'province', wardCode: 'ward' };
        form.setFields(e.fieldErrors.map((fe) => ({ name: map[fe.field] ?? (fe.field as keyof Values), errors: [fe.message] })));
      }
      reportError(e);
    },
  });

  /** An old address mapped by the server (old-address.tsx): today's province and ward, and the street if pasted. */
  const applyMapped = (a: MappedAddress) => {
    form.setFieldsValue({ province: { value: a.province.code, label: a.province.name }, ward: { value: a.ward.code, label: a.ward.name } });
    if (a.street && !form.getFieldValue('street')) form.setFieldValue('street', a.street);
  };

  const loader = (kind: 'provinces' | 'wards' | 'nations' | 'jobs') => (p: { page: number; size: number; search: string }) =>
    patientsApi.reference(kind, { ...p, provinceCode: kind === 'wards' ? province?.value : undefined });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={720}
      title={profile ? `${R.editProfile} ${profile.patientCode}` : newPatient ? R.newPatient : R.addProfile}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{R.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {R.save}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="fullName" label={R.fullName} rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập họ và tên' }, { max: 100 }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="birthDate"
              label={R.birthDate}
              extra={R.birthHint}
              rules={[
                { required: true, message: 'Vui lòng nhập ngày sinh' },
                {
                  validator: (_r, v: string) => {
                    const p = v ? parseBirthDate(v) : null;
                    return p && 'error' in p ? Promise.reject(new Error(p.error)) : Promise.resolve();
                  },
                },
              ]}
            >
              <DateShorthandInput showError={false} aria-label={R.birthDate} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="gender" label={R.gender} rules={[{ required: true, message: 'Vui lòng chọn giới tính' }]}>
              <Select aria-label={R.gender} placeholder={R.select} options={GENDERS.map((g) => ({ value: g.value, label: g.label }))} />
            </Form.Item>
          </Col>
          {/* a new patient is the holder of the new account: SELF, not asked */}
          {!newPatient && (
            <Col span={8}>
              <Form.Item name="relationship" label={R.relationship} rules={[{ required: true, message: 'Vui lòng chọn quan hệ với chủ tài khoản' }]}>
                <Select aria-label={R.relationship} options={RELATIONSHIPS.map((g) => ({ value: g.value, label: g.label }))} />
              </Form.Item>
            </Col>
          )}
          <Col span={newPatient ? 16 : 8}>
            <Form.Item name="phone" label={R.phone} rules={[ruleOf(validatePhone)]} extra={newPatient ? R.newPatientPhoneHint : undefined}>
              <Input maxLength={20} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cccd" label={R.cccd} rules={[ruleOf((v) => validateCccd(v))]}>
              <Input maxLength={15} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label={R.email} rules={[{ type: 'email', message: 'Email không hợp lệ' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bhyt" label={R.bhyt} rules={[ruleOf(validateBhyt)]}>
              <Input maxLength={20} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="bhytExpiry" label={R.bhytExpiry} rules={[dateShorthandRule]}>
              <DateShorthandInput showError={false} aria-label={R.bhytExpiry} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nation" label={R.nation}>
              <SelectBox aria-label={R.nation} labelInValue allowClear loader={loader('nations')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="job" label={R.job}>
              <SelectBox aria-label={R.job} labelInValue allowClear loader={loader('jobs')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Flex justify="end" style={{ marginBottom: 8 }}>
              <OldAddressButton onApply={applyMapped} />
            </Flex>
          </Col>
          <Col span={12}>
            <Form.Item name="province" label={R.province}>
              <SelectBox aria-label={R.province} labelInValue allowClear loader={loader('provinces')} onChange={() => form.setFieldValue('ward', undefined)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ward" label={R.ward}>
              <SelectBox aria-label={R.ward} labelInValue allowClear disabled={!province} reloadKey={province?.value} loader={loader('wards')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="street" label={R.street} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
