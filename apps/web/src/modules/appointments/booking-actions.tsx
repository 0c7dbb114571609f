import { memo, useState } from 'react';
import { App, Button, Flex, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BookingRow } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { BOOKING_ACTION_LABELS, BOOKING_STATUS_LABELS, NEEDS_REASON, availableActions, type BookingAction } from '@portal/shared/rules/booking-status';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { bookingsApi } from './appointments.api';
import { todayVn } from './booking-list.logic';
import { lateConfirmation } from './booking-desk.logic';
import { BOOKING_UI } from './appointments.messages';
import { focusMarkedField } from '../../core/motion/dialog-focus';

const M = BOOKING_UI.actions;
type Action = Exclude<BookingAction, 'noShow'>;
type Booking = Pick<BookingRow, 'id' | 'code' | 'status' | 'previousStatus' | 'date'>;
const ORDER: Action[] = ['accept', 'checkin', 'call', 'complete', 'revert', 'reject', 'cancel'];

/**
 * The buttons of the transitions a booking's state allows (rules/booking-status availableActions):
 * reject and cancel ask for a reason, revert asks for a confirmation; Enter confirms both dialogs. A
 * check-in the server finds late (long after the slot's end) asks the desk to confirm it, then is sent
 * again as a late check-in — the server decides, the screen only asks.
 */
export const BookingActions = memo(function BookingActions({
  booking,
  onDone,
  size = 'small',
  showUpdate = false,
}: {
  booking: Booking;
  onDone: (row: BookingRow) => void;
  size?: 'small' | 'middle';
  showUpdate?: boolean;
}) {
  const { modal } = App.useApp();
  const [reasonFor, setReasonFor] = useState<Action | null>(null);
  const act = useMutation({
    mutationFn: ({ action, reason, confirmLate }: { action: Action; reason?: string; confirmLate?: boolean }) =>
      bookingsApi.act(booking.id, action, { reason, confirmLate }),
    onSuccess: (row, { action }) => {
      setReasonFor(null);
      if (action === 'checkin' && row.queueNumber !== null)
        notify.success(fmt(row.lateCheckinMinutes === null ? M.checkedIn : M.checkedInLate, { code: row.code, queue: row.queueNumber }));
      else notify.success(fmt(action === 'revert' ? M.reverted : M.done, { code: row.code, status: BOOKING_STATUS_LABELS[row.status] }));
      onDone(row);
    },
    onError: (e, { action, confirmLate }) => {
      const late = action === 'checkin' && !confirmLate ? lateConfirmation(e) : null;
      if (late === null) return reportError(e, M.failed);
      modal.confirm({
        title: fmt(M.lateTitle, { code: booking.code }),
        content: (
          <Flex vertical gap={8}>
            <span>{late}</span>
            <span>{M.lateHint}</span>
          </Flex>
        ),
        okText: M.lateConfirm,
        cancelText: M.cancel,
        autoFocusButton: 'ok',
        onOk: () => act.mutateAsync({ action: 'checkin', confirmLate: true }).catch(() => undefined),
      });
    },
  });

  const run = (action: Action) => {
    if (NEEDS_REASON.includes(action)) return setReasonFor(action);
    if (action === 'revert') {
      const back = booking.previousStatus ? BOOKING_STATUS_LABELS[booking.previousStatus] : '';
      modal.confirm({
        title: fmt(M.revertTitle, { code: booking.code, status: back }),
        content: M.revertHint,
        okText: M.confirm,
        cancelText: M.cancel,
        autoFocusButton: 'ok',
        onOk: () => act.mutateAsync({ action }).catch(() => undefined),
      });
      return;
    }
    act.mutate({ action });
  };

  // the step forward first, then revert, the refusals (red) last: the same order on every row
  // (check-in only on the day of the visit, as the server rules)
  const actions = (availableActions(booking.status, booking.previousStatus) as Action[])
    .filter((a) => a !== 'checkin' || booking.date === todayVn())
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  return (
    <>
      <Flex wrap gap={4}>
        {actions.map((a) => (
          <Button
            key={a}
            size={size}
            type={a === 'accept' || a === 'checkin' || a === 'call' ? 'primary' : 'default'}
            danger={a === 'reject' || a === 'cancel'}
            loading={act.isPending && act.variables?.action === a}
            onClick={() => run(a)}
            data-action={a}
          >
            {BOOKING_ACTION_LABELS[a]}
          </Button>
        ))}
        {showUpdate && (booking.status === 'PENDING' || booking.status === 'ACCEPTED') && (
          <Link to={`/admin/cap-nhat-dat-kham/${booking.id}`}>
            <Button size={size}>{M.update}</Button>
          </Link>
        )}
      </Flex>
      {reasonFor && (
        <ReasonDialog
          title={fmt(M.reasonTitle, { action: BOOKING_ACTION_LABELS[reasonFor], code: booking.code })}
          busy={act.isPending}
          onCancel={() => setReasonFor(null)}
          onSubmit={(reason) => act.mutate({ action: reasonFor, reason })}
        />
      )}
    </>
  );
});

function ReasonDialog({ title, busy, onCancel, onSubmit }: { title: string; busy: boolean; onCancel: () => void; onSubmit: (reason: string) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  // an empty reason is shown under the field by the form itself: nothing else to do with the refusal
  const submit = () =>
    void form.validateFields().then(
      (v) => onSubmit(v.reason.trim()),
      () => undefined,
    );
  return (
    <Modal
      open
      title={title}
      okText={M.confirm}
      cancelText={M.cancel}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={submit}
      onCancel={onCancel}
      afterOpenChange={focusMarkedField}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={M.reason}
          rules={[
            { required: true, whitespace: true, message: M.reasonRequired },
            { max: 500, message: M.reasonMax },
          ]}
        >
          <Input.TextArea
            autoFocus
            data-autofocus
            rows={3}
            maxLength={500}
            placeholder={M.reasonPlaceholder}
            onPressEnter={(e) => {
              // Enter confirms; Shift+Enter starts a new line.
              if (!e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
