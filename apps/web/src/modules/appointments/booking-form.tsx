import { useEffect, useMemo, useRef } from 'react';
import { Button, Card, Checkbox, Col, Flex, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  BOOKING_MESSAGES,
  BOOKING_PRIORITY_LABELS,
  BOOKING_SOURCE_LABELS,
  AHEAD_SOURCES,
  type AheadSource,
  type BookingDetail,
  type BookingSource,
} from '@portal/shared/contracts/appointments.contract';
import type { ProfileHit } from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { WEEKDAY_LABELS, addDays, isoWeekday } from '@portal/shared/rules/schedule';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { bookingKeys, bookingsApi, loaders } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { todayVn } from './booking-list.logic';
import type { PricedService } from './booking-services.logic';
import { ServicesPicker } from './booking-services';
import { PatientChooser } from './patient-chooser';
import { PatientPicker } from './patient-picker';
import { SlotPicker } from './slot-picker';

const M = BOOKING_UI.form;
/** How far ahead the date list looks for the doctor's working days. */
const WORK_DAYS_AHEAD = 30;

type Ref = { value: number; label: string };
interface Values {
  medicalProfileId?: number;
  department?: Ref;
  specialty?: Ref;
  doctor?: Ref;
  date?: string;
  timeSlotId?: number;
  services: PricedService[];
  source: BookingSource;
  priority: 0 | 1;
  symptom?: string;
  accept: boolean;
}

const refOf = (r: { id: number; name: string } | null | undefined): Ref | undefined => (r ? { value: r.id, label: r.name } : undefined);

/**
 * The one form of a booking: new (dat-kham-moi, with or without a patient account) and update
 * (cap-nhat-dat-kham: another slot, services, priority, symptom). Doctor → working day → slot.
 */
export function BookingForm({ booking, profiles }: { booking?: BookingDetail; profiles?: ProfileHit[] }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = !!booking;
  const today = todayVn();
  const department = Form.useWatch('department', form);
  const specialty = Form.useWatch('specialty', form);
  const doctor = Form.useWatch('doctor', form);
  const date = Form.useWatch('date', form);

  const initial: Values = useMemo(
    () =>
      booking
        ? {
            medicalProfileId: booking.patient.profileId,
            department: refOf(booking.department),
            specialty: refOf(booking.specialty),
            doctor: refOf(booking.doctor),
            date: booking.date,
            timeSlotId: booking.timeSlotId,
            services: booking.services.map((s) => ({ value: s.id, label: s.name, price: s.price })),
            source: booking.source,
            priority: booking.priority === 1 ? 1 : 0,
            symptom: booking.symptom ?? undefined,
            accept: false,
          }
        : { medicalProfileId: profiles?.length === 1 ? profiles[0].id : undefined, services: [], source: 'HOTLINE', priority: 0, accept: false },
    [booking, profiles],
  );

  // the update screen may move the booking to another profile of the same account (PUT /{id}/profile)
  const accountId = booking?.patient.userId ?? null;
  const accountProfiles = useQuery({
    queryKey: ['patients', 'profiles', accountId],
    queryFn: () => bookingsApi.profilesOfUser(accountId!),
    enabled: accountId !== null,
    staleTime: 60_000,
  });

  const workDays = useQuery({
    queryKey: [...bookingKeys.all, 'work-days', doctor?.value, today],
    queryFn: () => bookingsApi.workDays(doctor!.value, today, addDays(today, WORK_DAYS_AHEAD)),
    enabled: !!doctor,
  });
  const dayOptions = (workDays.data ?? []).map((d) => ({
    value: d.date,
    label: `${WEEKDAY_LABELS[isoWeekday(d.date)]}, ${fmt(M.freeDays, { date: formatDate(d.date), free: d.free })}`,
    disabled: d.free <= 0 && d.date !== booking?.date,
  }));
  if (booking && !dayOptions.some((o) => o.value === booking.date) && doctor?.value === booking.doctor.id) {
    dayOptions.unshift({ value: booking.date, label: formatDate(booking.date), disabled: false });
  }

  const save = useMutation({
    mutationFn: async (v: Values) => {
      const common = {
        specialtyId: v.specialty?.value ?? null,
        serviceIds: v.services.map((s) => s.value),
        priority: v.priority,
        symptom: v.symptom?.trim() || null,
      };
      if (booking) {
        // one call, one transaction: the profile, the slot and the rest change together or not at all
        return bookingsApi.update(booking.id, {
          ...common,
          ...(v.medicalProfileId && v.medicalProfileId !== booking.patient.profileId ? { medicalProfileId: v.medicalProfileId } : {}),
          ...(v.timeSlotId !== booking.timeSlotId ? { timeSlotId: v.timeSlotId } : {}),
        });
      }
      return bookingsApi.create({
        ...common,
        medicalProfileId: v.medicalProfileId!,
        timeSlotId: v.timeSlotId!,
        source: v.source as AheadSource,
        accept: v.accept,
      });
    },
    onSuccess: (row) => {
      notify.success(editing ? BOOKING_MESSAGES.updated : BOOKING_MESSAGES.created);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      navigate(`/admin/quan-ly-dat-kham/${row.id}`);
    },
    // Spec §8: the server's message, else 'Đặt khám không thành công'.
    onError: (e) => reportError(e, BOOKING_MESSAGES.createFailed),
  });

  useEffect(() => form.resetFields(), [form, initial]);
  // One save at a time: a double click on "Đặt khám" must not book twice (the server refuses a second
  // live booking of a profile in a slot too, but the desk should not see that error for its own click).
  const saving = useRef(false);
  const submit = (v: Values) => {
    if (saving.current) return;
    saving.current = true;
    save.mutate(v, { onSettled: () => (saving.current = false) });
  };
  const required = (label: string) => [{ required: true, message: fmt(M.required, { label: label.toLowerCase() }) }];

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={(changed: Partial<Values>) => {
        if ('department' in changed || 'specialty' in changed) form.setFieldsValue({ doctor: undefined, date: undefined, timeSlotId: undefined });
        if ('doctor' in changed) form.setFieldsValue({ date: undefined, timeSlotId: undefined });
        if ('date' in changed) form.setFieldsValue({ timeSlotId: undefined });
      }}
    >
      <Card size="small">
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            {editing && accountProfiles.data ? (
              <Form.Item name="medicalProfileId" label={M.patient} rules={required(M.patient)} extra={M.profileHint}>
                <PatientPicker fixed={accountProfiles.data} />
              </Form.Item>
            ) : editing ? (
              <Form.Item label={M.patient}>
                <Input aria-label={M.patient} disabled value={[booking.patient.name, booking.patient.patientCode].filter(Boolean).join(' · ')} />
              </Form.Item>
            ) : (
              <Form.Item name="medicalProfileId" label={M.patient} rules={required(M.patient)}>
                {/* the account's own profiles (/admin/dat-kham-moi/:userId), or anyone, a new patient too */}
                {profiles ? <PatientPicker fixed={profiles} autoFocus /> : <PatientChooser autoFocus />}
              </Form.Item>
            )}
          </Col>
          <Col xs={24} lg={6}>
            <Form.Item name="source" label={M.source}>
              <Select disabled={editing} aria-label={M.source} options={AHEAD_SOURCES.map((s) => ({ value: s, label: BOOKING_SOURCE_LABELS[s] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={6}>
            <Form.Item name="priority" label={M.priority}>
              <Radio.Group options={[0, 1].map((p) => ({ value: p, label: BOOKING_PRIORITY_LABELS[p] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="department" label={M.department}>
              <SelectBox aria-label={M.department} labelInValue allowClear loader={loaders.departments} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="specialty" label={M.specialty}>
              <SelectBox aria-label={M.specialty} labelInValue allowClear loader={loaders.specialties} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item name="doctor" label={M.doctor} rules={required(M.doctor)}>
              <SelectBox
                aria-label={M.doctor}
                labelInValue
                loader={loaders.doctors({ departmentId: department?.value, specialtyId: specialty?.value })}
                reloadKey={`${department?.value}-${specialty?.value}`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name="date"
              label={M.date}
              rules={required(M.date)}
              extra={doctor && workDays.isSuccess && dayOptions.length === 0 ? M.noWorkDays : undefined}
            >
              <Select
                aria-label={M.date}
                placeholder={!doctor ? M.pickDoctorFirst : workDays.isFetching ? M.loadingDays : dayOptions.length === 0 ? M.noWorkDays : M.pickDate}
                disabled={!doctor}
                loading={workDays.isFetching}
                options={dayOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={16}>
            <Form.Item name="timeSlotId" label={M.slot} rules={required(M.slot)}>
              <SlotPicker doctorId={doctor?.value} date={date} currentSlotId={booking?.timeSlotId} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="services" label={M.services}>
              <ServicesPicker held={booking?.services} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="symptom" label={M.symptom} rules={[{ max: 500 }]}>
              <Input.TextArea aria-label={M.symptom} rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={12} align="center">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {editing ? M.save : M.submit}
          </Button>
          {!editing && (
            <Form.Item name="accept" valuePropName="checked" noStyle>
              <Checkbox>{M.acceptNow}</Checkbox>
            </Form.Item>
          )}
          <Button onClick={() => navigate(-1)}>{M.cancel}</Button>
          {booking && (
            <Typography.Text type="secondary">
              {fmt(M.currentSlot, {
                time: `${booking.startTime}–${booking.endTime}`,
                date: formatDate(booking.date),
                doctor: booking.doctor.name,
                room: booking.room.name,
              })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
    </Form>
  );
}
