import { type MedicalProfileInput, patientEndpoints as E, type ReferenceKind, referenceEndpoints } from '@portal/shared/contracts/patients.contract';
import { fillPath } from '@portal/shared/core/endpoint';
import { call } from '../../core/api/endpoint-client';
import { resourceKeys } from '../../core/api/query-keys';
import { upload } from '../../core/api/upload-file';
import { fetchFile, saveBlob } from '../../core/crud/download';

export const patientKeys = resourceKeys('patients');

/** Path ids are text on the wire (the contract's params are strings of digits). */
const user = (userId: number) => ({ userId: String(userId) });

/** The patient screens' calls: each an endpoint of packages/shared/src/contracts/patients.contract.ts. */
export const patientsApi = {
  search: (query: Record<string, string>, signal?: AbortSignal) => call(E.search, { query }, { signal }),
  exportExcel: async (query: Record<string, string>) => {
    const { blob, fileName } = await fetchFile(E.export.path, query, 'tai-khoan-benh-nhan.xlsx');
    saveBlob(blob, fileName);
  },
  detail: async (userId: number) => (await call(E.detail, { params: user(userId) })).data,
  medicalProfiles: async (userId: number) => (await call(E.medicalProfiles, { params: user(userId) })).data,
  exts: async (userId: number) => (await call(E.exts, { params: user(userId) })).data,
  /** A patient new to the hospital: an account without a password and its holder's profile. */
  createPatient: (body: MedicalProfileInput) => call(E.createPatient, { body }),
  createProfile: (userId: number, body: MedicalProfileInput) => call(E.createProfile, { params: user(userId), body }),
  updateProfile: (userId: number, profileId: number, body: MedicalProfileInput) =>
    call(E.updateProfile, { params: user(userId), query: { userProfileId: profileId }, body }),
  /** The visits and loose files; `q` searches the results (acronyms expanded by the server: "sa bung"). */
  histories: async (userId: number, q = '') => (await call(E.histories, { params: user(userId), query: q ? { q } : {} })).data,
  history: async (historyId: number) => (await call(E.history, { params: { historyId: String(historyId) } })).data,
  verify: (userId: number) => call(E.verify, { params: user(userId) }),
  lock: (userId: number) => call(E.lock, { params: user(userId) }),
  unlock: (userId: number) => call(E.unlock, { params: user(userId) }),
  resetPassword: async (userId: number) => (await call(E.resetPassword, { params: user(userId) })).data,
  duplicates: (reason: string, page: number) => call(E.duplicates, { query: { reason, page, size: 10 } }),
  mergePreview: async (keepId: number, removeId: number) => (await call(E.mergePreview, { params: user(keepId), query: { mergeFromId: removeId } })).data,
  merge: (keepId: number, removeId: number) => call(E.merge, { params: user(keepId), body: { mergeFromId: removeId } }),
  /** The file's bytes with the session's token (never a public URL). */
  resultBlob: (fileId: number, name: string) => fetchFile(fillPath(E.pullResult.path, { fileId }), { inline: 'true' }, name),
  downloadResult: async (fileId: number, name: string) => {
    const { blob, fileName } = await fetchFile(fillPath(E.pullResult.path, { fileId }), {}, name);
    saveBlob(blob, fileName);
  },
  /** Raw bytes upload; the server reads the type from the bytes. */
  uploadResult: (userId: number, profileId: number, historyId: number | null, file: File) =>
    upload(E.uploadResult, { params: user(userId), query: { medicalProfileId: profileId, historyId, fileName: file.name }, body: file }),
  /** A result page exported by the hospital's system as HTML, imported into a visit (sanitised by the server). */
  importHtml: (historyId: number, file: File) => upload(E.fromHtml, { params: { historyId: String(historyId) }, query: { fileName: file.name }, body: file }),
  resultDocument: async (documentId: number) => (await call(E.resultDocument, { params: { documentId: String(documentId) } })).data,
  reference: (kind: ReferenceKind, params: { page: number; size: number; search: string; provinceCode?: string }) =>
    call(referenceEndpoints[kind], { query: { page: params.page, size: params.size, search: params.search, provinceCode: params.provinceCode } }),
};
