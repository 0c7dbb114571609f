import { Checkbox, Form, Modal } from 'antd';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { addDays } from '@portal/shared/rules/schedule';
import { schedulesApi, type ScheduleFilter } from './schedules.api';
import { TS } from './schedules.messages';
import { DateField } from './date-fields';
import { RefusalAlert, useScheduleWrite } from './refusal';

/** Copies the shown week onto another (by default the next), optionally only the current filter's schedules. */
export function CopyWeekModal({
  open,
  monday,
  filter,
  onClose,
  onDone,
}: {
  open: boolean;
  monday: string;
  filter: ScheduleFilter;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ fromWeek: string; toWeek: string; scoped: boolean }>();
  const { saving, refusal, run } = useScheduleWrite(
    TS.copyWeek,
    () => {
      onDone();
      onClose();
    },
    {
      open,
      fill: () => {
        form.setFieldsValue({ fromWeek: formatDate(monday), toWeek: formatDate(addDays(monday, 7)), scoped });
      },
    },
  );
  const scoped = Object.values(filter).some((v) => v !== undefined);

  const submit = async (v: { fromWeek: string; toWeek: string; scoped: boolean }) => {
    await run(() =>
      schedulesApi.copyWeek({ fromWeek: displayDateToIso(v.fromWeek) ?? '', toWeek: displayDateToIso(v.toWeek) ?? '', ...(v.scoped ? filter : {}) }),
    );
  };

  return (
    <Modal
      title={TS.copyTitle}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={TS.copyWeek}
      cancelText={TS.cancel}
      confirmLoading={saving}
      forceRender
    >
      <Form form={form} name="schedule-copy-week" layout="vertical" onFinish={submit}>
        <DateField name="fromWeek" label={TS.fromWeek} />
        <DateField name="toWeek" label={TS.toWeek} />
        {scoped && (
          <Form.Item name="scoped" valuePropName="checked">
            <Checkbox>{TS.copyScope}</Checkbox>
          </Form.Item>
        )}
        <RefusalAlert refusal={refusal} />
      </Form>
    </Modal>
  );
}
