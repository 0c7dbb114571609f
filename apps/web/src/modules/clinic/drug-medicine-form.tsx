import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { MedicineBody, MedicineDto } from '@portal/shared/contracts/clinic-drugs.contract';
import { MEDICINE_DOSE_MAX, MEDICINE_INSTRUCTIONS_MAX, MEDICINE_NAME_MAX } from '@portal/shared/contracts/clinic-drugs.contract';
import { fmt } from '@portal/shared/messages.vi';
import { courseEndDate, DOSE_COURSE_DAYS_MAX, DOSE_EVERY_DAYS_MAX, sortTimes } from '@portal/shared/rules/dose-schedule';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { todayVn } from '@portal/shared/rules/time';
import { isApiError } from '../../core/api/api-error';
import { DateShorthandInput } from '../../core/blocks/date-shorthand-input';
import { splitFieldErrors } from '../../core/crud/zod-rules';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { drugKeys, drugsApi } from './drugs.api';
import { normalizeTime } from './drugs.logic';
import { TD } from './drugs.messages';

const F = TD.form;
const KEYS = ['prescriptionId', 'name', 'dose', 'times', 'everyDays', 'startDate', 'endDate', 'instructions'];

interface Values {
  prescriptionId?: number | null;
  name: string;
  dose: string;
  times: string[];
  everyDays: number;
  startDate: string;
  endDate?: string;
  courseDays?: number | null;
  instructions?: string;
}

const required = (label: string) => ({ required: true, whitespace: true, message: fmt(F.required, { label: label.toLowerCase() }) });

/**
 * Adds or edits a medicine of a member (one form for both): name, dose, times of day, every N days, first and last
 * day (or a course of N days), how to take it; a line of the member's prescriptions fills it. The server checks the
 * same rules (rules/dose-schedule) and its Vietnamese errors land on their fields.
 */
export function MedicineForm({
  userId,
  medicine,
  open,
  onClose,
  onSaved,
}: {
  userId: number;
  medicine: MedicineDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const lines = useQuery({ queryKey: drugKeys.prescriptions(userId), queryFn: () => drugsApi.prescriptions(userId), enabled: open && !medicine });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      medicine
        ? {
            name: medicine.name,
            dose: medicine.dose,
            times: medicine.times,
            everyDays: medicine.everyDays,
            startDate: formatDate(medicine.startDate),
            endDate: medicine.endDate ? formatDate(medicine.endDate) : '',
            instructions: medicine.instructions,
          }
        : { times: [], everyDays: 1, startDate: formatDate(todayVn()), endDate: '', instructions: '' },
    );
  }, [open, medicine, form]);
  const save = useMutation({
    mutationFn: (body: MedicineBody) => (medicine ? drugsApi.update(userId, medicine.id, body) : drugsApi.create(userId, body)),
    onSuccess: () => {
      notify.success(medicine ? 'Đã lưu thuốc' : 'Đã thêm thuốc');
      onSaved();
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length) {
        const { fields, other } = splitFieldErrors(e.fieldErrors, KEYS);
        form.setFields(fields.map((f) => ({ name: (Array.isArray(f.name) ? f.name[0] : f.name) as keyof Values, errors: f.errors })));
        if (other.length) notify.error(other.join('. '));
      } else reportError(e);
    },
  });
  const submit = (v: Values) => {
    const startDate = displayDateToIso(v.startDate) ?? v.startDate;
    const endDate = v.endDate ? (displayDateToIso(v.endDate) ?? v.endDate) : null;
    save.mutate({
      name: v.name,
      dose: v.dose,
      times: sortTimes(v.times),
      everyDays: v.everyDays,
      startDate,
      endDate,
      instructions: v.instructions ?? '',
      prescriptionId: v.prescriptionId ?? null,
    });
  };
  const setCourse = (days: number | null) => {
    const start = displayDateToIso(form.getFieldValue('startDate') ?? '');
    if (start && days && days >= 1 && days <= DOSE_COURSE_DAYS_MAX) form.setFieldValue('endDate', formatDate(courseEndDate(start, days)));
  };
  return (
    <Modal
      title={medicine ? F.editTitle : F.createTitle}
      open={open}
      onCancel={onClose}
      okText={F.save}
      cancelText={F.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark>
        {!medicine && (
          <Form.Item name="prescriptionId" label={F.prescription}>
            <Select
              allowClear
              loading={lines.isLoading}
              placeholder={F.prescriptionPlaceholder}
              options={(lines.data ?? []).map((l) => ({ value: l.id, label: `${formatDate(l.visitedAt)} · ${l.drugName} ${l.dose} — ${l.usage}` }))}
              onChange={(id: number | undefined) => {
                const l = lines.data?.find((x) => x.id === id);
                if (l) {
                  form.setFieldsValue({
                    name: `${l.drugName} ${l.dose}`.slice(0, MEDICINE_NAME_MAX),
                    dose: `1 ${l.unit}`,
                    instructions: l.usage.slice(0, MEDICINE_INSTRUCTIONS_MAX),
                  });
                  if (l.days) {
                    form.setFieldValue('courseDays', l.days);
                    setCourse(l.days);
                  }
                }
              }}
            />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item name="name" label={F.name} rules={[required(F.name)]}>
              <Input maxLength={MEDICINE_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="dose" label={F.dose} rules={[required(F.dose)]}>
              <Input maxLength={MEDICINE_DOSE_MAX} placeholder={F.dosePlaceholder} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="times"
              label={F.times}
              extra={F.timesHelp}
              rules={[{ required: true, type: 'array', min: 1, message: fmt(F.required, { label: F.times.toLowerCase() }) }]}
              normalize={(v: string[]) => [...new Set((v ?? []).map(normalizeTime))]}
            >
              <Select mode="tags" open={false} tokenSeparators={[',', ' ', ';']} aria-label={F.times} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="everyDays"
              label={F.everyDays}
              extra={F.everyDaysHelp}
              rules={[{ required: true, message: fmt(F.required, { label: F.everyDays.toLowerCase() }) }]}
            >
              <InputNumber min={1} max={DOSE_EVERY_DAYS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="startDate" label={F.start} rules={[required(F.start)]}>
              <DateShorthandInput aria-label={F.start} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="endDate" label={F.end}>
              <DateShorthandInput aria-label={F.end} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="courseDays" label={F.courseDays}>
              <InputNumber
                min={1}
                max={DOSE_COURSE_DAYS_MAX}
                precision={0}
                style={{ width: '100%' }}
                onChange={(v) => setCourse(typeof v === 'number' ? v : null)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="instructions" label={F.instructions}>
          <Input.TextArea rows={2} maxLength={MEDICINE_INSTRUCTIONS_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
