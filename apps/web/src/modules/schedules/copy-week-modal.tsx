import { Checkbox, Form, Modal } from 'antd';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { addDays } from '@portal/shared/rules/schedule';
import { DateShorthandInput, dateShorthandRule } from '../../core/blocks/date-shorthand-input';
import { schedulesApi, type ScheduleFilter } from './schedules.api';
import { TS } from './schedules.messages';
import { RefusalAlert, useScheduleWrite } from './refusal';

/** Copies the shown week onto another (by default the next), optionally only the current filter's schedules. */
export function CopyWeekModal({ open, monday, filter, onClose, onDone }: { open: boolean; monday: string; filter: ScheduleFilter; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ fromWeek: string; toWeek: string; scoped: boolean }>();
  const { saving, refusal, clearRefusal, run } = useScheduleWrite(TS.copyWeek, () => {
    onDone();
    onClose();
  });
  const scoped = Object.values(filter).some((v) => v !== undefined);

  const submit = async (v: { fromWeek: string; toWeek: string; scoped: boolean }) => {
    await run(() => schedulesApi.copyWeek({ fromWeek: displayDateToIso(v.fromWeek) ?? '', toWeek: displayDateToIso(v.toWeek) ?? '', ...(v.scoped ? filter : {}) }));
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
      afterOpenChange={(o) => {
        if (o) {
          clearRefusal();
          form.setFieldsValue({ fromWeek: formatDate(monday), toWeek: formatDate(addDays(monday, 7)), scoped });
        }
      }}
    >
      <Form form={form} name="schedule-copy-week" layout="vertical" onFinish={submit}>
        <Form.Item name="fromWeek" label={TS.fromWeek} rules={[{ required: true, message: TS.required(TS.fromWeek) }, dateShorthandRule]}>
          <DateShorthandInput showError={false} aria-label={TS.fromWeek} />
        </Form.Item>
        <Form.Item name="toWeek" label={TS.toWeek} rules={[{ required: true, message: TS.required(TS.toWeek) }, dateShorthandRule]}>
          <DateShorthandInput showError={false} aria-label={TS.toWeek} />
        </Form.Item>
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
