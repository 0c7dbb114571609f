import { doctorEndpoints, doctorOwnEndpoints, type DoctorDetail, type DoctorLinkKind } from '@portal/shared/contracts/doctors.contract';
import { fillPath } from '@portal/shared/core/endpoint';
import { doctorResource } from '@portal/shared/resources';
import { call } from '../../core/api/endpoint-client';
import { uploadFile } from '../../core/api/upload-file';
import type { SelectBoxLoader } from '../../core/blocks/select-box';
import { resourceApi } from '../../core/crud/resource-api';

const own = doctorOwnEndpoints;

/** The doctors' calls, through the endpoints of doctors.contract.ts. */
export const doctorsApi = {
  /** The generic calls (list, create, update …) with the doctors' own endpoints. */
  resource: resourceApi(doctorResource, doctorEndpoints),

  detail: async (id: number) => (await call(doctorEndpoints.get!, { params: { id } })).data,

  /** A page of departments / specialties / rooms a doctor can be linked to (MANAGER_DOCTOR may read them). */
  linkLoader(kind: DoctorLinkKind, extra: Record<string, string | number | undefined> = {}): SelectBoxLoader {
    return async ({ page, size, search }) => {
      const res = await call(own.linkOptions, { params: { kind }, query: { page, size, q: search, ...extra } });
      return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
    };
  },

  /** The name of one department / specialty / room by id, or null. */
  async linkName(kind: DoctorLinkKind, id: number) {
    const byId: Record<string, number> = { id };
    return (await call(own.linkOptions, { params: { kind }, query: byId })).data[0]?.name ?? null;
  },

  /** PUT the photo as the raw body (core/api/upload-file). */
  uploadAvatar: (id: number, file: File) => uploadFile<DoctorDetail>(own.setAvatar.method as 'PUT', fillPath(own.setAvatar.path, { id }), file),

  removeAvatar: async (id: number) => (await call(own.removeAvatar, { params: { id } })).data,
};
