import type { Envelope, Page } from '@portal/shared/core/api';
import type { DoctorSelectItem } from '@portal/shared/contracts/doctors.contract';
import {
  SCHEDULES_PATH as P,
  type CopyWeekInput,
  type DayOffInput,
  type ScheduleCreateInput,
  type ScheduleLogRow,
  type ScheduleOptionKind,
  type ScheduleRow,
  type ScheduleSlotRow,
} from '@portal/shared/contracts/schedules.contract';
import { doctorResource } from '@portal/shared/resources';
import { api } from '../../core/api/api-client';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

export interface ScheduleFilter {
  doctorId?: number;
  roomId?: number;
  departmentId?: number;
}

type Built = Envelope<{ created: number; ids: number[] }>;

/** Calls of /admin/lich-lam-viec-bac-si (contract: shared/contracts/schedules.contract.ts). */
export const schedulesApi = {
  list: async (from: string, to: string, f: ScheduleFilter) => (await api.get<Envelope<ScheduleRow[]>>(P, { query: { from, to, ...f } })).data,
  create: (body: ScheduleCreateInput) => api.post<Built>(P, body),
  copyWeek: (body: CopyWeekInput) => api.post<Built>(`${P}/copy-week`, body),
  dayOff: (body: DayOffInput) => api.post<Envelope<{ removed: number }>>(`${P}/day-off`, body),
  slots: async (id: number) => (await api.get<Envelope<ScheduleSlotRow[]>>(`${P}/${id}/time-slots`)).data,
  updateSlot: (id: number, slotId: number, capacity: number) => api.put<Envelope<ScheduleSlotRow>>(`${P}/${id}/time-slots/${slotId}`, { capacity }),
  update: (id: number, body: { capacity?: number; note?: string | null }) => api.put<Envelope<ScheduleRow>>(`${P}/${id}`, body),
  remove: (id: number) => api.delete<Envelope<ScheduleRow>>(`${P}/${id}`),
  logs: (q: { page: number; size: number; doctorId?: number }) => api.get<Page<ScheduleLogRow>>(`${P}/logs`, { query: q }),

  /** The doctors' dropdown; `seen` (if given) keeps each loaded doctor, for what the option does not show (the department). */
  doctorLoader:
    (seen?: Map<number, DoctorSelectItem>): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await api.get<Page<DoctorSelectItem>>(`${doctorResource.path}/select`, { query: { page, size, q: search } });
      for (const d of res.data) seen?.set(d.id, d);
      return { data: res.data.map((d) => ({ id: d.id, name: d.name })), totalPage: res.totalPage };
    },
  optionLoader:
    (kind: ScheduleOptionKind, doctorId?: number): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await api.get<Page<{ id: number; code: string; name: string }>>(`${P}/options/${kind}`, { query: { page, size, q: search, doctorId } });
      return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
    },
};

export const scheduleKeys = {
  all: ['schedules'] as const,
  range: (from: string, to: string, f: ScheduleFilter) => ['schedules', 'range', from, to, f] as const,
  slots: (id: number) => ['schedules', 'slots', id] as const,
  logs: (page: number, doctorId?: number) => ['schedules', 'logs', page, doctorId ?? null] as const,
};
