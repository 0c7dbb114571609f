import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, Drawer, Form, Input, InputNumber, Row, Space } from 'antd';
import { SHIFT_KEYS, SHIFT_LABELS, type ScheduleCreateInput, type ShiftChoice } from '@portal/shared/contracts/schedules.contract';
import type { DoctorSelectItem } from '@portal/shared/contracts/doctors.contract';
import { displayDateToIso } from '@portal/shared/rules/format';
import { SHIFTS, WEEKDAY_LABELS } from '@portal/shared/rules/schedule';
import { outsideWorkingHours } from '@portal/shared/rules/working-hours';
import { SelectBox } from '../../core/blocks/select-box';
import type { SelectOption } from '../../core/blocks/select-box.logic';
import { schedulesApi } from './schedules.api';
import { useDoctorFromPage, useScheduleWrite } from './refusal';
import { TS } from './schedules.messages';
import { DateRangeRow } from './date-fields';

interface Values {
  doctorId?: number;
  roomId?: number;
  departmentId?: number;
  from?: string;
  to?: string;
  weekdays: number[];
  shifts: ShiftChoice[];
  customStart?: string;
  customEnd?: string;
  slotMinutes: number;
  capacity: number;
  note?: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const shiftText = (k: ShiftChoice) => (k === 'CUSTOM' ? SHIFT_LABELS.CUSTOM : `${SHIFT_LABELS[k]} (${SHIFTS[k].start}–${SHIFTS[k].end})`);

/**
 * Builds a doctor's schedules over a date range: doctor → the rooms the doctor works in,
 * department, from/to (DD/MM/YYYY), weekdays, shifts, slot length and places. The server's
 * refusal (a clash, a past day) is shown above the buttons as it said it.
 */
export function BuildDrawer({
  open,
  onClose,
  onDone,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  initial: { from: string; to: string; doctor?: SelectOption };
}) {
  const [form] = Form.useForm<Values>();
  const { saving, refusal, run } = useScheduleWrite(
    TS.build,
    () => {
      onDone();
      onClose();
    },
    {
      open,
      fill: () => {
        form.resetFields();
        form.setFieldsValue({
          doctorId: initial.doctor?.value as number | undefined,
          from: initial.from,
          to: initial.to,
          weekdays: [1, 2, 3, 4, 5],
          shifts: ['MORNING'],
          slotMinutes: 30,
          capacity: 3,
        });
      },
    },
  );
  useDoctorFromPage(form, open, initial.doctor?.value as number | undefined);
  const doctorId = Form.useWatch('doctorId', form);
  // A doctor works in one department: choosing the doctor fills it in (the scheduler may still change it).
  const doctors = useRef(new Map<number, DoctorSelectItem>());
  const doctorLoader = useMemo(() => schedulesApi.doctorLoader(doctors.current), []);
  const [departmentSeed, setDepartmentSeed] = useState<SelectOption[] | undefined>();
  const pickDoctor = (id?: number) => {
    const d = id === undefined ? undefined : doctors.current.get(id);
    if (d?.departmentName) setDepartmentSeed([{ value: d.departmentId, label: d.departmentName }]);
    form.setFieldsValue({ roomId: undefined, ...(d ? { departmentId: d.departmentId } : {}) });
  };
  const shifts = Form.useWatch('shifts', form) ?? [];
  const weekdays = Form.useWatch('weekdays', form) ?? [];
  const customStart = Form.useWatch('customStart', form);
  const customEnd = Form.useWatch('customEnd', form);
  // The facility's working hours (/admin/settings): a shift outside them is warned about, never refused.
  const hours = useQuery({ queryKey: ['schedules', 'work-time'], queryFn: schedulesApi.workTime, enabled: open, staleTime: 60_000 });
  const outside = useMemo(() => {
    const periods = shifts.flatMap((k) =>
      k === 'CUSTOM' ? (TIME.test(customStart ?? '') && TIME.test(customEnd ?? '') ? [{ start: customStart!, end: customEnd! }] : []) : [SHIFTS[k]],
    );
    const found = weekdays.flatMap((d) => periods.map((p) => outsideWorkingHours(hours.data, d, p.start, p.end)));
    return [...new Set(found.filter((w): w is string => w !== null))];
  }, [shifts, weekdays, customStart, customEnd, hours.data]);

  const submit = async (v: Values) => {
    const body: ScheduleCreateInput = {
      doctorId: v.doctorId!,
      roomId: v.roomId!,
      departmentId: v.departmentId!,
      from: displayDateToIso(v.from!) ?? '',
      to: displayDateToIso(v.to!) ?? '',
      weekdays: v.weekdays,
      shifts: v.shifts.map((shift) => (shift === 'CUSTOM' ? { shift, start: v.customStart, end: v.customEnd } : { shift })),
      slotMinutes: v.slotMinutes,
      capacity: v.capacity,
      note: v.note || null,
    };
    await run(() => schedulesApi.create(body));
  };

  return (
    <Drawer
      title={TS.buildTitle}
      open={open}
      onClose={onClose}
      size={560}
      forceRender
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{TS.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="build-save">
            {TS.save}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="schedule-build" layout="vertical" onFinish={submit} requiredMark>
        {refusal && <Alert type="error" showIcon title={refusal.message} data-testid="build-error" style={{ marginBottom: 16 }} />}
        <Form.Item name="doctorId" label={TS.doctor} rules={[{ required: true, message: TS.pick(TS.doctor) }]}>
          <SelectBox
            loader={doctorLoader}
            seed={initial.doctor ? [initial.doctor] : undefined}
            aria-label={TS.doctor}
            onChange={(v?: number) => pickDoctor(v)}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="roomId" label={TS.room} rules={[{ required: true, message: TS.pick(TS.room) }]}>
              <SelectBox
                loader={schedulesApi.optionLoader('rooms', doctorId)}
                reloadKey={doctorId}
                disabled={!doctorId}
                placeholder={doctorId ? undefined : TS.chooseDoctorFirst}
                aria-label={TS.room}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="departmentId" label={TS.department} rules={[{ required: true, message: TS.pick(TS.department) }]}>
              <SelectBox loader={schedulesApi.optionLoader('departments')} seed={departmentSeed} aria-label={TS.department} />
            </Form.Item>
          </Col>
        </Row>
        <DateRangeRow />
        <Form.Item
          name="weekdays"
          label={TS.weekdays}
          rules={[{ required: true, type: 'array', min: 1, message: 'Vui lòng chọn ít nhất một ngày trong tuần' }]}
        >
          <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }))} />
        </Form.Item>
        <Form.Item name="shifts" label={TS.shifts} rules={[{ required: true, type: 'array', min: 1, message: 'Vui lòng chọn ít nhất một ca làm việc' }]}>
          <Checkbox.Group options={SHIFT_KEYS.map((k) => ({ value: k, label: shiftText(k) }))} />
        </Form.Item>
        {shifts.includes('CUSTOM') && (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="customStart" label={TS.customStart} rules={[{ required: true, pattern: TIME, message: 'Giờ bắt đầu không hợp lệ (HH:mm)' }]}>
                <Input placeholder="HH:mm" maxLength={5} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="customEnd" label={TS.customEnd} rules={[{ required: true, pattern: TIME, message: 'Giờ kết thúc không hợp lệ (HH:mm)' }]}>
                <Input placeholder="HH:mm" maxLength={5} />
              </Form.Item>
            </Col>
          </Row>
        )}
        {outside.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="build-outside-hours"
            style={{ marginBottom: 16 }}
            title={TS.outsideHours}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {outside.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            }
          />
        )}
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="slotMinutes" label={TS.slotMinutes} rules={[{ required: true, message: TS.required(TS.slotMinutes) }]}>
              <InputNumber min={5} max={240} step={5} style={{ width: '100%' }} aria-label={TS.slotMinutes} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="capacity" label={TS.capacity} rules={[{ required: true, message: TS.required(TS.capacity) }]}>
              <InputNumber min={1} max={200} style={{ width: '100%' }} aria-label={TS.capacity} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label={TS.note}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
