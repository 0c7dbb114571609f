import { Alert, Form, Input, Modal } from 'antd';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { SelectBox } from '../../core/blocks/select-box';
import type { SelectOption } from '../../core/blocks/select-box.logic';
import { schedulesApi } from './schedules.api';
import { TS } from './schedules.messages';
import { DateRangeRow } from './date-fields';
import { RefusalAlert, useDoctorFromPage, useScheduleWrite } from './refusal';

interface Values {
  doctorId?: number;
  from: string;
  to: string;
  note?: string;
}

/** Takes a doctor off for one or more days; refused with the bookings that still hold places. */
export function DayOffModal({
  open,
  doctor,
  day,
  onClose,
  onDone,
}: {
  open: boolean;
  doctor?: SelectOption;
  day: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, refusal, run } = useScheduleWrite(
    TS.dayOff,
    () => {
      onDone();
      onClose();
    },
    {
      open,
      fill: () => {
        form.resetFields();
        form.setFieldsValue({ doctorId: doctor?.value as number | undefined, from: formatDate(day), to: formatDate(day) });
      },
    },
  );
  useDoctorFromPage(form, open, doctor?.value as number | undefined);

  const submit = async (v: Values) => {
    await run(() =>
      schedulesApi.dayOff({ doctorId: v.doctorId!, from: displayDateToIso(v.from) ?? '', to: displayDateToIso(v.to) ?? '', note: v.note || null }),
    );
  };

  return (
    <Modal
      title={TS.dayOffTitle}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={TS.confirm}
      cancelText={TS.cancel}
      okButtonProps={{ danger: true, 'data-testid': 'day-off-ok' } as never}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} name="schedule-day-off" layout="vertical" onFinish={submit}>
        <Alert type="warning" showIcon title={TS.dayOffHint} style={{ marginBottom: 12 }} />
        <Form.Item name="doctorId" label={TS.doctor} rules={[{ required: true, message: TS.pick(TS.doctor) }]}>
          <SelectBox loader={schedulesApi.doctorLoader()} seed={doctor ? [doctor] : undefined} aria-label={TS.doctor} />
        </Form.Item>
        <DateRangeRow />
        <Form.Item name="note" label={TS.reason}>
          <Input maxLength={500} />
        </Form.Item>
        <RefusalAlert refusal={refusal} />
      </Form>
    </Modal>
  );
}
