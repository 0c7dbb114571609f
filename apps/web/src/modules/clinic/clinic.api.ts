import { chatEndpoints as C, type CreateGroupBody, type MessageBody, type MessagesQuery } from '@portal/shared/contracts/clinic-chat.contract';
import { type EnrolBody, type MemberListQuery, memberEndpoints as E } from '@portal/shared/contracts/clinic.contract';
import type { ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { call } from '../../core/api/endpoint-client';
import { upload } from '../../core/api/upload-file';
import type { SelectBoxLoader } from '../../core/blocks/select-box';
import { fetchFile, saveBlob } from '../../core/crud/download';

type ListParams = Partial<Omit<MemberListQuery, 'page' | 'size'>> & { page: number; size: number };

export const clinicKeys = {
  members: ['clinic', 'members'] as const,
  memberList: (q: ListParams) => ['clinic', 'members', 'list', q] as const,
  member: (id: number) => ['clinic', 'members', 'one', id] as const,
  groups: ['clinic', 'groups'] as const,
  groupList: (q: { q?: string; mine?: boolean }) => ['clinic', 'groups', 'list', q] as const,
  group: (id: number) => ['clinic', 'groups', 'one', id] as const,
};

/** The private clinic's calls (clinic.contract.ts, clinic-chat.contract.ts; MANAGER_SHP). */
export const clinicApi = {
  members: (q: ListParams, signal?: AbortSignal) => call(E.list, { query: q as never }, { signal }),
  member: async (id: number) => (await call(E.get, { params: { id } })).data,
  candidates: async (q: string) => (await call(E.candidates, { query: { q, page: 0, size: 10 } as never })).data,
  enrol: async (body: EnrolBody) => (await call(E.enrol, { body })).data,
  care: async (id: number, program: ClinicProgram, doctorId: number | null) => (await call(E.care, { params: { id }, body: { program, doctorId } })).data,
  activation: async (id: number, active: boolean, reason?: string) => (await call(E.activation, { params: { id }, body: { active, reason } })).data,
  note: async (id: number, note: string) => (await call(E.note, { params: { id }, body: { note } })).data,
  surveys: async (id: number, surveys: { kind: string; everyDays: number }[]) => (await call(E.surveys, { params: { id }, body: { surveys } as never })).data,
  exportMembers: async (q: Omit<ListParams, 'page' | 'size'>) => {
    const { blob, fileName } = await fetchFile(E.export.path, q, E.export.file.name!);
    saveBlob(blob, fileName);
  },
  doctors:
    (): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await call(E.doctors, { query: { page, size, q: search } as never });
      return { data: res.data, totalPage: res.totalPage };
    },

  groups: async (q: { q?: string; mine?: boolean }) => (await call(C.list, { query: { ...q, page: 0, size: 100 } as never })).data,
  group: async (id: number) => (await call(C.get, { params: { id } })).data,
  createGroup: async (body: CreateGroupBody) => (await call(C.create, { body })).data,
  direct: async (userId: number) => (await call(C.direct, { body: { userId } })).data,
  join: async (id: number) => (await call(C.join, { params: { id } })).data,
  addMembers: async (id: number, body: { accountIds?: number[]; userIds?: number[] }) => call(C.addMembers, { params: { id }, body }),
  removeMember: async (id: number, participantId: number) => (await call(C.removeMember, { params: { id, participantId } })).data,
  messages: async (id: number, q: Partial<MessagesQuery>) => (await call(C.messages, { params: { id }, query: q as never })).data,
  send: async (id: number, body: MessageBody) => (await call(C.send, { params: { id }, body })).data,
  read: async (id: number, messageId: number) => (await call(C.read, { params: { id }, body: { messageId } })).data,
  hide: async (id: number, messageId: number, hidden: boolean) => (await call(C.hide, { params: { id, messageId }, body: { hidden } })).data,
  uploadImage: async (file: File) => (await upload(C.uploadImage, { body: file })).data,
  people:
    (kind: 'staff' | 'members'): SelectBoxLoader =>
    async ({ page, size, search }) => {
      const res = await call(C.options, { params: { kind }, query: { page, size, q: search } as never });
      return { data: res.data.map((p) => ({ id: p.id, name: p.detail ? `${p.name} (${p.detail})` : p.name })), totalPage: res.totalPage };
    },
};
