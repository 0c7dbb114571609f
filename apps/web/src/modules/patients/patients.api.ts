import type { Envelope, Page } from '@portal/shared/core/api';
import {
  HISTORIES_PATH,
  MEDICAL_PROFILES_PATH,
  PATIENTS_PATH,
  RESULT_FILES_PATH,
  type DuplicateGroup,
  type MedicalProfile,
  type MedicalProfileExt,
  type MedicalProfileInput,
  type MergePreview,
  type MergeResult,
  type PatientHistory,
  type PatientSearchResponse,
  type PatientUserDetail,
  type ResultFile,
} from '@portal/shared/contracts/patients.contract';
import { api } from '../../core/api/api-client';
import { ApiError } from '../../core/api/api-error';
import { resourceKeys } from '../../core/api/query-keys';
import { currentLoginToken } from '../../core/auth/auth-store';
import { fetchFile, saveBlob } from '../../core/crud/download';
import type { SelectPage } from '../../core/blocks/select-box.logic';
import { CLIENT_HEADERS } from '@portal/shared/constants';

export const patientKeys = resourceKeys('patients');
const P = PATIENTS_PATH;

/** The patient screens' calls (contracts in packages/shared/src/contracts/patients.contract.ts). */
export const patientsApi = {
  search: (query: Record<string, string>, signal?: AbortSignal) => api.get<PatientSearchResponse>(`${P}/search`, { query, signal }),
  exportExcel: async (query: Record<string, string>) => {
    const { blob, fileName } = await fetchFile(`${P}/export`, query, 'tai-khoan-benh-nhan.xlsx');
    saveBlob(blob, fileName);
  },
  detail: async (id: number) => (await api.get<Envelope<PatientUserDetail>>(`${P}/${id}`)).data,
  medicalProfiles: async (id: number) => (await api.get<Envelope<MedicalProfile[]>>(`${P}/${id}/medical-profiles`)).data,
  exts: async (id: number) => (await api.get<Envelope<MedicalProfileExt[]>>(`${P}/${id}/medical-profile-exts`)).data,
  createProfile: (id: number, body: MedicalProfileInput) => api.post<Envelope<MedicalProfile>>(`${P}/${id}/medical-profile`, body),
  updateProfile: (id: number, profileId: number, body: MedicalProfileInput) =>
    api.put<Envelope<MedicalProfile>>(`${P}/${id}/medical-profile`, body, { query: { userProfileId: profileId } }),
  histories: async (id: number) => (await api.get<Envelope<{ histories: PatientHistory[]; looseFiles: ResultFile[] }>>(`${P}/${id}/histories`)).data,
  history: async (historyId: number) => (await api.get<Envelope<PatientHistory>>(`${HISTORIES_PATH}/${historyId}`)).data,
  verify: (id: number) => api.put<Envelope<PatientUserDetail>>(`${P}/${id}/verify`),
  lock: (id: number) => api.put<Envelope<PatientUserDetail>>(`${P}/${id}/locked`),
  unlock: (id: number) => api.put<Envelope<PatientUserDetail>>(`${P}/${id}/unlocked`),
  resetPassword: async (id: number) => (await api.put<Envelope<{ password: string; endedSessions: number }>>(`${P}/${id}/reset-password`)).data,
  duplicates: (reason: string, page: number) => api.get<Page<DuplicateGroup>>(`${P}/duplicates`, { query: { reason, page, size: 10 } }),
  mergePreview: async (keepId: number, removeId: number) =>
    (await api.get<Envelope<MergePreview>>(`${P}/${keepId}/merge`, { query: { mergeFromId: removeId } })).data,
  merge: (keepId: number, removeId: number) => api.post<Envelope<MergeResult>>(`${P}/${keepId}/merge`, { mergeFromId: removeId }),
  /** The file's bytes with the session's token (never a public URL). */
  resultBlob: (fileId: number, name: string) => fetchFile(`${RESULT_FILES_PATH}/${fileId}/pull`, { inline: 'true' }, name),
  downloadResult: async (fileId: number, name: string) => {
    const { blob, fileName } = await fetchFile(`${RESULT_FILES_PATH}/${fileId}/pull`, {}, name);
    saveBlob(blob, fileName);
  },
  /** Raw bytes upload; the server reads the type from the bytes. */
  uploadResult: async (userId: number, profileId: number, historyId: number | null, file: File): Promise<Envelope<ResultFile>> => {
    const q = new URLSearchParams({ medicalProfileId: String(profileId), fileName: file.name });
    if (historyId) q.set('historyId', String(historyId));
    const token = currentLoginToken();
    const res = await fetch(`${P}/${userId}/upload-results?${q}`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'Content-Type': file.type || 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
      credentials: 'same-origin',
    });
    const body = (await res.json().catch(() => null)) as (Envelope<ResultFile> & { message?: string }) | null;
    if (!res.ok || !body || body.code !== 0) throw new ApiError(res.status, body?.code ?? res.status, body?.message ?? null);
    return body;
  },
  reference: (kind: 'provinces' | 'wards' | 'nations' | 'jobs', params: { page: number; size: number; search: string; provinceCode?: string }) =>
    api.get<SelectPage>(`${MEDICAL_PROFILES_PATH}/reference/${kind}`, {
      query: { page: params.page, size: params.size, search: params.search, provinceCode: params.provinceCode },
    }),
};
