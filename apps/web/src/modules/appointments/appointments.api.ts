import type { Envelope, Page } from '@portal/shared/core/api';
import type {
  BookingDetail,
  BookingListQuery,
  BookingRow,
  BulkResult,
  CreateBookingBody,
  StatusCounts,
  TimeSlotRow,
  UpdateBookingBody,
  WorkDayRow,
} from '@portal/shared/contracts/appointments.contract';
import { MEDICAL_PROFILES_PATH, PATIENTS_PATH, type MedicalProfile, type ProfileHit } from '@portal/shared/contracts/patients.contract';
import type { BookingAction } from '@portal/shared/rules/booking-status';
import { departmentResource, doctorResource, roomResource, serviceResource, specialtyResource } from '@portal/shared/resources';
import { api } from '../../core/api/api-client';
import { resourceKeys } from '../../core/api/query-keys';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

export const BOOKINGS_PATH = '/api/appointment/v1';
export const bookingKeys = resourceKeys('bookings');
export type BookingListPage = Page<BookingRow> & { counts: Partial<StatusCounts> };

/** The route of each transition (the contract's header): `call` is posted to /called. */
const ACTION_PATH: Record<Exclude<BookingAction, 'noShow'>, string> = {
  accept: 'accept',
  reject: 'reject',
  checkin: 'checkin',
  call: 'called',
  complete: 'complete',
  cancel: 'cancel',
  revert: 'revert',
};

/** The booking screens' calls (contract: packages/shared/src/contracts/appointments.contract.ts). */
export const bookingsApi = {
  list: (query: Record<string, string>, signal?: AbortSignal) => api.get<BookingListPage>(BOOKINGS_PATH, { query, signal }),
  detail: async (id: number, signal?: AbortSignal) => (await api.get<Envelope<BookingDetail>>(`${BOOKINGS_PATH}/${id}`, { signal })).data,
  create: async (body: Partial<CreateBookingBody>) => (await api.post<Envelope<BookingRow>>(BOOKINGS_PATH, body)).data,
  update: async (id: number, body: UpdateBookingBody) => (await api.put<Envelope<BookingRow>>(`${BOOKINGS_PATH}/${id}`, body)).data,
  act: async (id: number, action: Exclude<BookingAction, 'noShow'>, reason?: string) =>
    (await api.post<Envelope<BookingRow>>(`${BOOKINGS_PATH}/${id}/${ACTION_PATH[action]}`, reason === undefined ? undefined : { reason })).data,
  /** A patient account's bookings, newest first (one profile's with `profileId`). */
  ofUser: (userId: number, query: Record<string, string>, signal?: AbortSignal) =>
    api.get<Page<BookingRow>>(`${BOOKINGS_PATH}/users/${userId}`, { query, signal }),
  /** A room's queue of the day: checked in and called, priority first, then by number. */
  queue: async (roomId: number, date: string, signal?: AbortSignal) =>
    (await api.get<Envelope<BookingRow[]>>(`${BOOKINGS_PATH}/priority`, { query: { roomId, date }, signal })).data,
  /** Calls the room's next waiting patient; the answer's message says whom to invite. */
  callNext: (roomId: number, date: string) => api.post<Envelope<BookingRow>>(`${BOOKINGS_PATH}/called`, { roomId, date }),
  bulkAccept: async (ids: number[]) =>
    (await api.post<Envelope<{ succeeded: number; failed: number; results: BulkResult[] }>>(`${BOOKINGS_PATH}/accept`, { ids })).data,
  timeSlots: async (doctorId: number, date: string) =>
    (await api.get<Envelope<TimeSlotRow[]>>(`${BOOKINGS_PATH}/time-slots`, { query: { doctorId, date } })).data,
  workDays: async (doctorId: number, from: string, to: string) =>
    (await api.get<Envelope<WorkDayRow[]>>(`${BOOKINGS_PATH}/work-days`, { query: { doctorId, from, to } })).data,
  suggestProfiles: async (q: string) => (await api.get<Envelope<ProfileHit[]>>(`${MEDICAL_PROFILES_PATH}/suggest`, { query: { q } })).data,
  profilesOfUser: async (userId: number) => (await api.get<Envelope<MedicalProfile[]>>(`${PATIENTS_PATH}/${userId}/medical-profiles`)).data,
};

export type ListQueryKeys = keyof BookingListQuery;

/** A service as the booking form's dropdown offers it, with the price a booking charges for it. */
export interface ServiceOption {
  id: number;
  name: string;
  price: number;
}

/** One page of the services' `/select` (active services of the facility, with their booking price). */
export const serviceOptions = ({ page, size, search }: { page: number; size: number; search: string }) =>
  api.get<Page<ServiceOption>>(`${serviceResource.path}/select`, { query: { page, size, q: search || undefined } });

/** A paged dropdown over a `/select` route (id + name, any signed-in staff). */
function selectLoader(path: string, extra: () => Record<string, string | number | undefined> = () => ({})): SelectBoxLoader {
  return async ({ page, size, search }) => {
    const res = await api.get<Page<{ id: number; name: string }>>(`${path}/select`, { query: { page, size, q: search || undefined, ...extra() } });
    return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
  };
}

export const loaders = {
  departments: selectLoader(departmentResource.path),
  specialties: selectLoader(specialtyResource.path),
  rooms: selectLoader(roomResource.path),
  doctors: (filters: { departmentId?: number; specialtyId?: number }) => selectLoader(doctorResource.path, () => filters),
};
