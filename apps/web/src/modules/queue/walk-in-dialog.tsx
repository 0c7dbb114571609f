import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Result, Select, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOOKING_PRIORITY_LABELS, type BookingRow } from '@portal/shared/contracts/appointments.contract';
import { QUEUE_MESSAGES } from '@portal/shared/contracts/queue.contract';
import { fmt, MSG } from '@portal/shared/messages.vi';
import { isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { splitFieldErrors } from '../../core/crud/zod-rules';
import { focusMarkedField } from '../../core/motion/dialog-focus';
import { notify } from '../../core/notify';
import { PatientChooser } from '../appointments/patient-chooser';
import { useMe } from '../auth/use-session';
import { usePrintSheet } from './print-sheet';
import { queueApi, queueKeys } from './queue.api';
import { ticketOfBooking } from './queue.logic';
import { QueueTicketSheet } from './queue-ticket';
import { walkInRoomLabel } from './walk-in.logic';
import { TW } from './walk-in.messages';

const M = TW;
const FIELDS = ['medicalProfileId', 'roomId', 'priority', 'symptom'];

interface Values {
  medicalProfileId?: number;
  roomId?: number;
  priority: 0 | 1;
  symptom?: string;
}
const INITIAL: Values = { priority: 0 };

/**
 * The walk-in dialog: the patient (found as the new-booking form finds one, or registered beside it when new to
 * the hospital: PatientChooser), a room with a doctor working
 * today (its doctors and queue), the priority and the reason; then the number given, "Số 7 — Phòng khám Nội
 * 101", and its 80 mm ticket to print. The booking it makes is checked in: it joins the room's queue at once.
 */
export function WalkInDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const qc = useQueryClient();
  const me = useMe();
  const [given, setGiven] = useState<BookingRow | null>(null);
  const { sheet, print } = usePrintSheet();
  // read at each opening: the waiting counts move all morning
  const rooms = useQuery({ queryKey: queueKeys.walkInRooms, queryFn: ({ signal }) => queueApi.walkInRooms(signal), enabled: open, staleTime: 0 });

  const create = useMutation({
    mutationFn: (v: Values) =>
      queueApi.walkIn({ medicalProfileId: v.medicalProfileId!, roomId: v.roomId!, priority: v.priority, symptom: v.symptom?.trim() || null }),
    onSuccess: (res) => {
      const b = res.data;
      notify.success(res.message ?? fmt(QUEUE_MESSAGES.walkInCreated, { number: b.queueNumber ?? '', room: b.room.name }));
      setGiven(b);
      onDone();
      void qc.invalidateQueries({ queryKey: queueKeys.walkInRooms });
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length > 0) {
        const { fields, other } = splitFieldErrors(e.fieldErrors, FIELDS);
        form.setFields(fields.map((f) => ({ name: (Array.isArray(f.name) ? f.name[0] : f.name) as keyof Values, errors: f.errors })));
        if (other.length > 0 || fields.length === 0) notify.error(other.join('; ') || e.serverMessage || MSG.genericError);
        return;
      }
      // 409: the patient already waits in that room, the room has no doctor today…: the server says which
      reportError(e);
    },
  });

  const close = () => {
    onClose();
    setGiven(null);
  };
  const again = () => {
    setGiven(null);
    form.resetFields();
  };
  const printTicket = () => given && print(<QueueTicketSheet ticket={ticketOfBooking(given, me.data?.hospitalByAdmin.name ?? '')} />, 'receipt');

  const footer = given ? (
    <Flex justify="end" gap={8} wrap>
      <Button onClick={again}>{M.another}</Button>
      <Button onClick={close}>{M.close}</Button>
      <Button type="primary" icon={<PrinterOutlined />} onClick={printTicket} data-testid="walk-in-print" autoFocus>
        {M.print}
      </Button>
    </Flex>
  ) : (
    <Flex justify="end" gap={8}>
      <Button onClick={close}>{M.cancel}</Button>
      <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="walk-in-submit">
        {M.submit}
      </Button>
    </Flex>
  );

  const roomList = rooms.data ?? [];
  return (
    <Modal open={open} title={M.title} onCancel={close} footer={footer} afterOpenChange={focusMarkedField} destroyOnHidden width={640}>
      {given ? (
        <Result
          status="success"
          title={<span data-testid="walk-in-number">{fmt(M.result, { number: given.queueNumber ?? '', room: given.room.name })}</span>}
          subTitle={
            <Flex vertical gap={2}>
              <span>{fmt(M.resultHint, { name: given.patient.name, room: given.room.name })}</span>
              <Typography.Text type="secondary">{fmt(M.code, { code: given.code })}</Typography.Text>
            </Flex>
          }
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          // a fresh form at each opening: the dialog's content is destroyed on close, and with it its values
          preserve={false}
          onFinish={(v) => {
            if (!create.isPending) create.mutate(v);
          }}
          data-testid="walk-in-form"
        >
          <Form.Item name="medicalProfileId" label={M.patient} rules={[{ required: true, message: M.patientRequired }]} extra={M.patientHint}>
            <PatientChooser autoFocus />
          </Form.Item>
          <Form.Item name="roomId" label={M.room} rules={[{ required: true, message: M.roomRequired }]}>
            <Select<number>
              aria-label={M.room}
              placeholder={M.roomPlaceholder}
              loading={rooms.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={roomList.map((r) => ({ value: r.id, label: walkInRoomLabel(r) }))}
              notFoundContent={rooms.isSuccess ? M.noRooms : undefined}
              data-testid="walk-in-room"
            />
          </Form.Item>
          {rooms.isSuccess && roomList.length === 0 && <Alert type="info" showIcon title={M.noRooms} style={{ marginBottom: 16 }} />}
          <Form.Item name="priority" label={M.priority} extra={M.priorityHint}>
            <Radio.Group options={([0, 1] as const).map((p) => ({ value: p, label: BOOKING_PRIORITY_LABELS[p] }))} />
          </Form.Item>
          <Form.Item name="symptom" label={M.symptom}>
            <Input.TextArea aria-label={M.symptom} rows={2} maxLength={500} showCount />
          </Form.Item>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      )}
      {sheet}
    </Modal>
  );
}
