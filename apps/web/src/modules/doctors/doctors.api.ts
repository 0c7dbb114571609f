import type { Page } from '@portal/shared/core/api';
import type { DoctorDetail, DoctorLinkKind } from '@portal/shared/contracts/doctors.contract';
import { CLIENT_HEADERS } from '@portal/shared/constants';
import type { Envelope } from '@portal/shared/core/api';
import { doctorResource } from '@portal/shared/resources';
import { API_PREFIX, api } from '../../core/api/api-client';
import { ApiError } from '../../core/api/api-error';
import { currentLoginToken } from '../../core/auth/auth-store';
import type { SelectBoxLoader } from '../../core/blocks/select-box';

const path = doctorResource.path;

export const doctorsApi = {
  detail: async (id: number) => (await api.get<Envelope<DoctorDetail>>(`${path}/${id}`)).data,

  /** A page of departments / specialties / rooms a doctor can be linked to (MANAGER_DOCTOR may read them). */
  linkLoader(kind: DoctorLinkKind, extra: Record<string, string | number | undefined> = {}): SelectBoxLoader {
    return async ({ page, size, search }) => {
      const res = await api.get<Page<{ id: number; code: string; name: string }>>(`${path}/link-options/${kind}`, { query: { page, size, q: search, ...extra } });
      return { data: res.data.map((r) => ({ id: r.id, name: r.name })), totalPage: res.totalPage };
    };
  },

  /**
   * PUT the photo as the raw body. The JSON client has no binary call; like the Excel download,
   * a 401 makes one cheap call through the client (which refreshes or signs out) and tries again.
   */
  async uploadAvatar(id: number, file: File): Promise<DoctorDetail> {
    const attempt = () => {
      const token = currentLoginToken();
      return fetch(`${path}/${id}/avatar`, {
        method: 'PUT',
        headers: { ...CLIENT_HEADERS, 'Content-Type': file.type || 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: file,
        credentials: 'same-origin',
      });
    };
    let res: Response;
    try {
      res = await attempt();
      if (res.status === 401) {
        await api.get(`${API_PREFIX}/user/me`);
        res = await attempt();
      }
    } catch (e) {
      throw e instanceof ApiError ? e : new ApiError(0, -1, null);
    }
    const body = (await res.json().catch(() => null)) as { message?: string; data?: DoctorDetail; errors?: [] } | null;
    if (!res.ok || !body?.data) throw new ApiError(res.status, res.status, body?.message ?? null, body?.errors ?? []);
    return body.data;
  },

  removeAvatar: async (id: number) => (await api.delete<Envelope<DoctorDetail>>(`${path}/${id}/avatar`)).data,
};
