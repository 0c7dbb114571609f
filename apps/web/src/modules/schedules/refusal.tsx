import { useEffect, useRef, useState } from 'react';
import { Alert, List, type FormInstance } from 'antd';
import type { FieldError } from '@portal/shared/core/api';
import { errorMessage, isApiError } from '../../core/api/api-error';
import { notify } from '../../core/notify';
import { TS } from './schedules.messages';
import { affectedBookingLink } from './refusal.logic';

export interface Refusal {
  message: string;
  bookings: string[];
}

/** The server's refusal as shown in place: its message and, when bookings hold places, their list. */
export function toRefusal(e: unknown, fallback: string): Refusal {
  const bookings = isApiError(e) ? e.fieldErrors.filter((f: FieldError) => f.field === 'bookings').map((f) => f.message) : [];
  return { message: errorMessage(e, fallback), bookings };
}

/** The refusal in place; the bookings that hold places scroll within it, each a link (new tab) to handle it. */
export function RefusalAlert({ refusal }: { refusal: Refusal | null }) {
  if (!refusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="schedule-refusal"
      title={refusal.message}
      description={
        refusal.bookings.length > 0 && (
          <div style={{ maxHeight: 240, overflowY: 'auto' }}>
            <List
              size="small"
              header={`${TS.affected} (${refusal.bookings.length})`}
              dataSource={refusal.bookings}
              renderItem={(b) => {
                const link = affectedBookingLink(b);
                return (
                  <List.Item data-testid="affected-booking">
                    {link ? (
                      <a href={link} target="_blank" rel="noreferrer">
                        {b}
                      </a>
                    ) : (
                      b
                    )}
                  </List.Item>
                );
              }}
            />
          </div>
        )
      }
    />
  );
}

/**
 * One schedule write from a drawer or dialog: spins meanwhile; on success toasts the server's message
 * (or `fallback`) and calls `after`; on refusal keeps the dialog open with the refusal shown in place.
 */
export function useScheduleWrite(fallback: string, after: () => void, opening?: { open: boolean; fill: () => void }) {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  // Filled the moment the dialog opens, not after its opening animation: a quick hand (or a test) that
  // picks a field during the animation must not see it cleared when the animation ends.
  const fill = useRef(opening?.fill);
  fill.current = opening?.fill;
  const isOpen = opening?.open ?? false;
  useEffect(() => {
    if (!isOpen) return;
    setRefusal(null);
    fill.current?.();
  }, [isOpen]);
  const run = async (write: () => Promise<{ message?: string }>) => {
    setSaving(true);
    setRefusal(null);
    try {
      const res = await write();
      notify.success(res.message ?? fallback);
      after();
    } catch (e) {
      setRefusal(toRefusal(e, fallback));
    } finally {
      setSaving(false);
    }
  };
  return { saving, refusal, run };
}

/**
 * The doctor the page shows, in an open dialog's doctor field while the scheduler has not touched it.
 * The dialog takes it when it opens; this also brings in one the page names only a moment later (a
 * doctor just picked in the filter, whose URL update renders after an urgent click on "Xếp lịch";
 * a doctor from the URL whose name comes with the first schedules), so the dialog never opens
 * empty while the filter shows a doctor.
 */
export function useDoctorFromPage(form: FormInstance, open: boolean, doctorId: number | undefined) {
  useEffect(() => {
    if (!open || doctorId === undefined || form.isFieldTouched('doctorId')) return;
    if (form.getFieldValue('doctorId') === undefined) form.setFieldsValue({ doctorId });
  }, [form, open, doctorId]);
}
