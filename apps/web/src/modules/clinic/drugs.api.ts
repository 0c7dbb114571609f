import { drugReminderEndpoints as E, type DrugListQuery, type MedicineBody } from '@portal/shared/contracts/clinic-drugs.contract';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { call } from '../../core/api/endpoint-client';

type ListParams = Partial<Omit<DrugListQuery, 'page' | 'size'>> & { page: number; size: number };
type Period = { from?: string; to?: string; program?: ClinicProgram };

export const drugKeys = {
  all: ['drug-reminders'] as const,
  list: (q: ListParams) => ['drug-reminders', 'list', q] as const,
  stats: (p: Period) => ['drug-reminders', 'stats', p] as const,
  member: (userId: number, p: Period) => ['drug-reminders', 'member', userId, p] as const,
  prescriptions: (userId: number) => ['drug-reminders', 'prescriptions', userId] as const,
};

/** The medicine reminders' calls (clinic-drugs.contract.ts, MANAGER_SHP). */
export const drugsApi = {
  list: (q: ListParams, signal?: AbortSignal) => call(E.list, { query: q as never }, { signal }),
  statistics: async (p: Period) => (await call(E.statistics, { query: p as never })).data,
  member: async (userId: number, p: Period) => (await call(E.member, { params: { userId }, query: p as never })).data,
  prescriptions: async (userId: number) => (await call(E.prescriptions, { params: { userId } })).data,
  create: async (userId: number, body: MedicineBody) => (await call(E.createMedicine, { params: { userId }, body })).data,
  update: async (userId: number, id: number, body: MedicineBody) => (await call(E.updateMedicine, { params: { userId, id }, body })).data,
  remove: async (userId: number, id: number) => (await call(E.removeMedicine, { params: { userId, id } })).data,
};
