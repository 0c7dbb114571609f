import { doctorEndpoints, type DoctorSelectItem } from '@portal/shared/contracts/doctors.contract';
import {
  scheduleEndpoints as E,
  type CopyWeekInput,
  type DayOffInput,
  type ScheduleCreateInput,
  type ScheduleOptionKind,
} from '@portal/shared/contracts/schedules.contract';
import { call } from '../../core/api/endpoint-client';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

/** The doctors' dropdown endpoint (contract: doctorEndpoints.options). */
function doctorOptions() {
  if (!doctorEndpoints.options) throw new Error('doctors: no options endpoint');
  return doctorEndpoints.options;
}

export interface ScheduleFilter {
  doctorId?: number;
  roomId?: number;
  departmentId?: number;
}

/** Calls of /admin/lich-lam-viec-bac-si (contract: scheduleEndpoints in shared/contracts/schedules.contract.ts). */
export const schedulesApi = {
  list: async (from: string, to: string, f: ScheduleFilter) => (await call(E.list, { query: { from, to, ...f } })).data,
  create: (body: ScheduleCreateInput) => call(E.create, { body }),
  copyWeek: (body: CopyWeekInput) => call(E.copyWeek, { body }),
  dayOff: (body: DayOffInput) => call(E.dayOff, { body }),
  slots: async (id: number) => (await call(E.slots, { params: { id } })).data,
  /** The facility's working hours per weekday (null when it keeps none). */
  workTime: async () => (await call(E.workTime, {})).weekdays,
  updateSlot: (id: number, slotId: number, capacity: number) => call(E.updateSlot, { params: { id, slotId }, body: { capacity } }),
  update: (id: number, body: { capacity?: number; note?: string | null }) => call(E.update, { params: { id }, body }),
  remove: (id: number) => call(E.remove, { params: { id } }),
  logs: (q: { page: number; size: number; doctorId?: number }) => call(E.logs, { query: q }),

  /** The doctors' dropdown; `seen` (if given) keeps each loaded doctor, for what the option does not show (the department). */
  doctorLoader:
    (seen?: Map<number, DoctorSelectItem>): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await call(doctorOptions(), { query: { page, size, q: search } });
      for (const d of res.data) seen?.set(d.id, d);
      return { data: res.data.map((d) => ({ id: d.id, name: d.name })), totalPage: res.totalPage };
    },
  optionLoader:
    (kind: ScheduleOptionKind, doctorId?: number): SelectBoxLoader =>
    async ({ page, size, search }) => {
      // doctorId is one of the list query's declared filters (listQuerySchema's type names only page, size, sort, q)
      const query: Record<string, string | number | undefined> = { page, size, q: search, doctorId };
      const res = await call(E.options, { params: { kind }, query });
      return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
    },
};

export const scheduleKeys = {
  all: ['schedules'] as const,
  range: (from: string, to: string, f: ScheduleFilter) => ['schedules', 'range', from, to, f] as const,
  slots: (id: number) => ['schedules', 'slots', id] as const,
  logs: (page: number, doctorId?: number) => ['schedules', 'logs', page, doctorId ?? null] as const,
};
