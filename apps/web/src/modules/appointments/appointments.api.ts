import type { Page } from '@portal/shared/core/api';
import {
  appointmentEndpoints as E,
  bookingReasonEndpoints,
  bookingTransitionEndpoints,
  type BookingListQuery,
  type StaffAction,
} from '@portal/shared/contracts/appointments.contract';
import type { EndpointInput } from '@portal/shared/core/endpoint';
import { departmentEndpoints, roomEndpoints, serviceEndpoints, specialtyEndpoints } from '@portal/shared/contracts/catalog.contract';
import { doctorEndpoints } from '@portal/shared/contracts/doctors.contract';
import { patientEndpoints } from '@portal/shared/contracts/patients.contract';
import type { ResourceEndpoints } from '@portal/shared/core/resource-endpoints';
import { call } from '../../core/api/endpoint-client';
import { resourceKeys } from '../../core/api/query-keys';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

export const bookingKeys = resourceKeys('bookings');
/** The desk settings: outside bookingKeys.all, so a booking event does not read them again. */
export const deskKey = ['booking-desk'] as const;

/** What a transition carries: reject and cancel a reason; a check-in long after the slot, the desk's confirmation. */
export interface ActInput {
  reason?: string;
  confirmLate?: boolean;
}

/** One staff transition (contract: bookingTransitionEndpoints, bookingReasonEndpoints). */
function act(id: number, action: StaffAction, input: ActInput) {
  if (action === 'reject' || action === 'cancel') return call(bookingReasonEndpoints[action], { params: { id }, body: { reason: input.reason ?? '' } });
  if (action === 'checkin') return call(bookingTransitionEndpoints.checkin, { params: { id }, body: input.confirmLate ? { confirmLate: true } : undefined });
  return call(bookingTransitionEndpoints[action], { params: { id } });
}

/** The booking screens' calls (contract: appointmentEndpoints in packages/shared/src/contracts/appointments.contract.ts). */
export const bookingsApi = {
  list: (query: Record<string, string>, signal?: AbortSignal) => call(E.list, { query }, { signal }),
  detail: async (id: number, signal?: AbortSignal) => (await call(E.detail, { params: { id } }, { signal })).data,
  create: async (body: EndpointInput<typeof E.create>['body']) => (await call(E.create, { body })).data,
  update: async (id: number, body: EndpointInput<typeof E.update>['body']) => (await call(E.update, { params: { id }, body })).data,
  /** Another profile of the same patient account (PUT /{id}/profile). */
  /** The booking sources with their names (the list's filter), for the caller's facility. */
  sources: async (signal?: AbortSignal) => (await call(E.sources, {}, { signal })).data,
  /** A doctor's or a medical schedule's bookings, paged and sorted (page, size, sort, properties). */
  listing: (by: { doctorId: number } | { scheduleId: number }, query: EndpointInput<typeof E.doctorListing>['query'], signal?: AbortSignal) =>
    'doctorId' in by
      ? call(E.doctorListing, { params: { doctorId: by.doctorId }, query }, { signal })
      : call(E.scheduleListing, { params: { scheduleId: by.scheduleId }, query }, { signal }),
  act: async (id: number, action: StaffAction, input: ActInput = {}) => (await act(id, action, input)).data,
  /** The caller's rooms, whether the facility keeps it to them, the late check-in threshold and the no-show hour. */
  desk: async (signal?: AbortSignal) => (await call(E.desk, {}, { signal })).data,
  /** A patient account's bookings, newest first (one profile's with `profileId`). */
  ofUser: (userId: number, query: Record<string, string>, signal?: AbortSignal) => call(E.ofUser, { params: { userId }, query }, { signal }),
  /** A room's queue of the day: checked in and called, priority first, then by number. */
  queue: async (roomId: number, date: string, signal?: AbortSignal) => (await call(E.queue, { query: { roomId, date } }, { signal })).data,
  /** Calls the room's next waiting patient; the answer's message says whom to invite. */
  callNext: (roomId: number, date: string) => call(E.callNext, { body: { roomId, date } }),
  bulkAccept: async (ids: number[]) => (await call(E.bulkAccept, { body: { ids } })).data,
  timeSlots: async (doctorId: number, date: string) => (await call(E.timeSlots, { query: { doctorId, date } })).data,
  workDays: async (doctorId: number, from: string, to: string) => (await call(E.workDays, { query: { doctorId, from, to } })).data,
  suggestProfiles: async (q: string) => (await call(patientEndpoints.suggest, { query: { q } })).data,
  profilesOfUser: async (userId: number) => (await call(patientEndpoints.medicalProfiles, { params: { userId } })).data,
};

export type ListQueryKeys = keyof BookingListQuery;

/** A service as the booking form's dropdown offers it, with the price a booking charges for it. */
export interface ServiceOption {
  id: number;
  name: string;
  price: number;
}

/** One page of the services' dropdown (active services of the facility, with their booking price; contract: serviceEndpoints.options). */
export const serviceOptions = ({ page, size, search }: { page: number; size: number; search: string }): Promise<Page<ServiceOption>> =>
  call(options(serviceEndpoints), { query: { page, size, q: search || undefined } });

/** A resource's dropdown endpoint (every resource here offers one). */
function options<E extends { options?: unknown }>(endpoints: E): NonNullable<E['options']> {
  if (!endpoints.options) throw new Error('no options endpoint');
  return endpoints.options as NonNullable<E['options']>;
}

/** A paged dropdown over a resource's options endpoint (id + name, any signed-in staff). */
function selectLoader(endpoints: ResourceEndpoints, extra: () => Record<string, string | number | undefined> = () => ({})): SelectBoxLoader {
  return async ({ page, size, search }) => {
    const res = await call(options(endpoints), { query: { page, size, q: search || undefined, ...extra() } });
    return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
  };
}

export const loaders = {
  departments: selectLoader(departmentEndpoints),
  specialties: selectLoader(specialtyEndpoints),
  rooms: selectLoader(roomEndpoints),
  doctors: (filters: { departmentId?: number; specialtyId?: number }) => selectLoader(doctorEndpoints as ResourceEndpoints, () => filters),
};
