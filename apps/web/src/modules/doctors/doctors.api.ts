import type { Page } from '@portal/shared/core/api';
import type { DoctorDetail, DoctorLinkKind } from '@portal/shared/contracts/doctors.contract';
import type { Envelope } from '@portal/shared/core/api';
import { doctorResource } from '@portal/shared/resources';
import { api } from '../../core/api/api-client';
import { uploadFile } from '../../core/api/upload-file';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

const path = doctorResource.path;

export const doctorsApi = {
  detail: async (id: number) => (await api.get<Envelope<DoctorDetail>>(`${path}/${id}`)).data,

  /** A page of departments / specialties / rooms a doctor can be linked to (MANAGER_DOCTOR may read them). */
  linkLoader(kind: DoctorLinkKind, extra: Record<string, string | number | undefined> = {}): SelectBoxLoader {
    return async ({ page, size, search }) => {
      const res = await api.get<Page<{ id: number; code: string; name: string }>>(`${path}/link-options/${kind}`, {
        query: { page, size, q: search, ...extra },
      });
      return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
    };
  },

  /** PUT the photo as the raw body (core/api/upload-file). */
  uploadAvatar: (id: number, file: File) => uploadFile<DoctorDetail>('PUT', `${path}/${id}/avatar`, file),

  removeAvatar: async (id: number) => (await api.delete<Envelope<DoctorDetail>>(`${path}/${id}/avatar`)).data,
};
