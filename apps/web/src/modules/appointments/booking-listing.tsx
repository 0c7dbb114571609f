import { useMemo, useState } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import type { BookingRow } from '@portal/shared/contracts/appointments.contract';
import { formatVisit } from '@portal/shared/rules/format';
import { columnSortOrder, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { useMe } from '../auth/use-session';
import { bookingKeys, bookingsApi } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { LISTING_SPEC, listingQuery } from './booking-listing.logic';
import { BookingStatusTag } from './booking-status-tag';

const L = BOOKING_UI.list;
const FIRST_PAGE: ListState = { page: 0, size: 10, sort: null, q: '', active: null, filters: {} };

/** Whether the caller may read a doctor's or a schedule's bookings (the route's authorities). */
export function useMayReadListing(): boolean {
  const me = useMe();
  const held = me.data?.user.authorities ?? [];
  return hasAuthority(held, 'MANAGER_APPOINTMENT') || hasAuthority(held, 'MANAGER_SCHEDULE');
}

/**
 * The bookings of a doctor or of a medical schedule (spec "schedule listings by doctor or medical schedule
 * with page, size, sort, properties"): server-side pages, each column header sorts (its properties, ASC or
 * DESC). The front desk opens a booking from its code.
 */
export function BookingListing({ by, title }: { by: { doctorId: number } | { scheduleId: number }; title: string }) {
  const me = useMe();
  const desk = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_APPOINTMENT');
  const [state, setState] = useState<ListState>(FIRST_PAGE);
  const query = listingQuery(state);
  const list = useQuery({
    queryKey: [...bookingKeys.all, 'listing', by, query],
    queryFn: ({ signal }) => bookingsApi.listing(by, query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo<ColumnsType<BookingRow>>(() => {
    const sortable = (key: string) => ({ key, sorter: true, sortOrder: columnSortOrder(state, LISTING_SPEC, key) });
    return [
      { title: L.time, ...sortable('time'), render: (_v, b) => formatVisit(b) },
      { title: L.code, ...sortable('code'), render: (_v, b) => (desk ? <Link to={`/admin/quan-ly-dat-kham/${b.id}`}>{b.code}</Link> : b.code) },
      {
        title: L.patient,
        ...sortable('patient'),
        render: (_v, b) => (
          <>
            {b.patient.name}
            {b.patient.patientCode && <Typography.Text type="secondary"> · {b.patient.patientCode}</Typography.Text>}
          </>
        ),
      },
      { title: L.status, ...sortable('status'), render: (_v, b) => <BookingStatusTag status={b.status} /> },
    ];
  }, [desk, state]);
  return (
    <div data-testid="booking-listing">
      <Typography.Title level={5}>{title}</Typography.Title>
      <PagedTable<BookingRow> list={list} state={state} onChange={setState} spec={LISTING_SPEC} columns={columns} />
    </div>
  );
}
