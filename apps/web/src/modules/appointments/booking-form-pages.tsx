import { Flex, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { fmt } from '@portal/shared/messages.vi';
import { BOOKING_STATUS_LABELS } from '@portal/shared/rules/booking-status';
import { errorMessage } from '../../core/api/api-error';
import { bookingKeys, bookingsApi } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { BookingForm } from './booking-form';

const M = BOOKING_UI.form;
const idParam = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /admin/dat-kham-moi and /admin/dat-kham-moi/:userId (the profiles of that patient account). */
export function NewBookingPage() {
  const userId = idParam(useParams().userId);
  const profiles = useQuery({ queryKey: ['patients', 'profiles', userId], queryFn: () => bookingsApi.profilesOfUser(userId!), enabled: userId !== null });
  if (userId !== null && profiles.isError) return <Result status="404" title={errorMessage(profiles.error, BOOKING_UI.detail.notFound)} />;
  if (userId !== null && !profiles.data) return <Spin style={{ margin: 48 }} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {M.newTitle}
      </Typography.Title>
      <BookingForm profiles={profiles.data} />
    </Flex>
  );
}

/** /admin/cap-nhat-dat-kham/:bookingId: reschedule, change services, priority or symptom. */
export function UpdateBookingPage() {
  const id = idParam(useParams().bookingId);
  const detail = useQuery({
    queryKey: bookingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => bookingsApi.detail(id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (id === null || detail.isError)
    return <Result status="404" title={BOOKING_UI.detail.notFound} extra={<Link to="/admin/quan-ly-dat-kham">{BOOKING_UI.detail.back}</Link>} />;
  const b = detail.data;
  if (!b) return <Spin style={{ margin: 48 }} />;
  const editable = b.status === 'PENDING' || b.status === 'ACCEPTED';
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {M.updateTitle} {b.code}
      </Typography.Title>
      {editable ? (
        <BookingForm booking={b} />
      ) : (
        <Result
          status="warning"
          title={fmt(M.notEditable, { status: BOOKING_STATUS_LABELS[b.status] })}
          extra={<Link to={`/admin/quan-ly-dat-kham/${b.id}`}>{BOOKING_UI.detail.title}</Link>}
        />
      )}
    </Flex>
  );
}
