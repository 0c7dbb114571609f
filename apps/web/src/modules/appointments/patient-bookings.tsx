import { useMemo, useState } from 'react';
import { Button, Card, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import type { BookingRow } from '@portal/shared/contracts/appointments.contract';
import { formatVisit } from '@portal/shared/rules/format';
import type { ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { useMe } from '../auth/use-session';
import { bookingKeys, bookingsApi } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { BookingStatusTag } from './booking-status-tag';

const M = BOOKING_UI.ofPatient;
const L = BOOKING_UI.list;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'time', direction: 'desc' as const } };
const FIRST_PAGE: ListState = { page: 0, size: 20, sort: null, q: '', active: null, filters: {} };

/**
 * One profile's bookings on the patient record (spec §7 "vendor appointments by user"), newest
 * first, and "Đặt khám" for the account. The front desk (MANAGER_APPOINTMENT) opens a booking and
 * books; the staff who keep the accounts only read.
 */
export function PatientBookings({ userId, profileId }: { userId: number; profileId: number }) {
  const me = useMe();
  const desk = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_APPOINTMENT');
  const [state, setState] = useState<ListState>(FIRST_PAGE);
  const query = { profileId: String(profileId), page: String(state.page), size: String(state.size) };
  const list = useQuery({
    queryKey: [...bookingKeys.all, 'user', userId, query],
    queryFn: ({ signal }) => bookingsApi.ofUser(userId, query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<ColumnsType<BookingRow>>(
    () => [
      { title: L.code, key: 'code', render: (_v, b) => (desk ? <Link to={`/admin/quan-ly-dat-kham/${b.id}`}>{b.code}</Link> : b.code) },
      { title: M.time, key: 'time', render: (_v, b) => formatVisit(b) },
      {
        title: L.doctorRoom,
        key: 'doctor',
        render: (_v, b) => (
          <>
            {b.doctor.name}
            <Typography.Text type="secondary"> · {b.room.name}</Typography.Text>
          </>
        ),
      },
      { title: L.queue, key: 'queue', render: (_v, b) => b.queueNumber ?? '' },
      { title: L.status, key: 'status', render: (_v, b) => <BookingStatusTag status={b.status} /> },
    ],
    [desk],
  );
  return (
    <Card
      size="small"
      title={M.title}
      data-testid="patient-bookings"
      extra={
        desk && (
          <Link to={`/admin/dat-kham-moi/${userId}`}>
            <Button type="primary" icon={<PlusOutlined />}>
              {M.book}
            </Button>
          </Link>
        )
      }
    >
      <PagedTable<BookingRow> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
    </Card>
  );
}
