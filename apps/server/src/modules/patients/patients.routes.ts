import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import { patientEndpoints as E, RESULT_FILE_MAX_BYTES, RESULT_HTML_MAX_BYTES, referenceEndpoints } from '@portal/shared/contracts/patients.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { diskStorage, filesDir, type FileStorage } from '../../core/file-storage';
import { exportPatients } from './export.service';
import { historiesOfPatientCode, historiesOfUser, oneHistory } from './histories.service';
import { findDuplicates, referencePage, searchProfiles, suggestProfiles } from './lookup.service';
import { mergeAccounts, mergePreview } from './merge.operation';
import {
  accountAction,
  accountOf,
  createPatient,
  createProfile,
  extsOf,
  medicalProfilesOf,
  profileBriefsOf,
  profileById,
  profileOf,
  resetPassword,
  saveExt,
  searchPatients,
  updateProfile,
} from './patients.service';
import { contentDisposition, pullResult, tooLarge, uploadResult } from './result-files';
import { addressData } from '../catalog/address.service';
import { htmlTooLarge, importHtml, readDocument } from './result-documents';
import { patientFixtureRoutes } from './patients-fixtures.routes';

const access = { access: 'MANAGER_USER' as const };
/** Finding a patient to book for: the patient managers and the front desk (a booking made on the phone). */
const bookingDesk = { access: ['MANAGER_USER', 'MANAGER_APPOINTMENT'] as const };
const tags = ['Tài khoản bệnh nhân'];
const historyTags = ['Lịch sử khám'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Patient accounts, medical profiles, histories, result files and merging (issue 5); endpoints in patients.contract.ts. */
export async function patientsRoutes(app: FastifyInstance, ctx: AppContext, storage: FileStorage = diskStorage(filesDir(ctx.config.dataDir))): Promise<void> {
  if (ctx.config.ENABLE_TEST_FIXTURES) await patientFixtureRoutes(app, ctx, storage);

  route(app, E.search, {
    config: access,
    tags,
    handler: async (req) => {
      const { data, total, capped } = await searchPatients(ctx, caller(req), req.query);
      return { ...pageOf(data, total, req.query), totalCapped: capped };
    },
  });
  route(app, E.export, {
    config: access,
    tags,
    handler: async (req, reply) => {
      const { bytes, fileName } = await exportPatients(ctx, caller(req), req.query);
      return reply.type(XLSX).header('Content-Disposition', `attachment; filename="${fileName}"`).send(bytes);
    },
  });
  route(app, E.duplicates, {
    config: access,
    tags,
    handler: async (req) => {
      const q = req.query;
      const { data, total } = await findDuplicates(ctx, caller(req), q.reason, q.page, q.size);
      return pageOf(data, total, q);
    },
  });

  route(app, E.detail, { config: access, tags, handler: async (req) => ({ code: 0 as const, data: await accountOf(ctx, caller(req), req.params.userId) }) });
  route(app, E.profiles, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await profileBriefsOf(ctx, caller(req), req.params.userId) }),
  });
  route(app, E.medicalProfiles, {
    config: bookingDesk,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await medicalProfilesOf(ctx, caller(req), req.params.userId) }),
  });
  route(app, E.medicalProfile, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await profileOf(ctx, caller(req), req.params.userId, req.query.userProfileId) }),
  });
  route(app, E.createPatient, {
    config: bookingDesk,
    tags,
    handler: async (req) => ({ code: 0 as const, message: 'Đã thêm bệnh nhân', data: await createPatient(ctx, caller(req), req.body) }),
  });
  route(app, E.createProfile, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: 'Đã thêm hồ sơ', data: await createProfile(ctx, caller(req), req.params.userId, req.body) }),
  });
  route(app, E.updateProfile, {
    config: access,
    tags,
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã lưu hồ sơ',
      data: await updateProfile(ctx, caller(req), req.params.userId, req.query.userProfileId, req.body),
    }),
  });
  route(app, E.exts, { config: access, tags, handler: async (req) => ({ code: 0 as const, data: await extsOf(ctx, caller(req), req.params.userId) }) });
  route(app, E.saveExt, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, message: 'Đã lưu thông tin bổ sung', data: await saveExt(ctx, caller(req), req.params.userId, req.body) }),
  });

  for (const action of ['verify', 'lock', 'unlock'] as const) {
    route(app, E[action], {
      config: access,
      tags,
      handler: async (req) => {
        const { detail, message } = await accountAction(ctx, caller(req), req.params.userId, action);
        return { code: 0 as const, message, data: detail };
      },
    });
  }
  route(app, E.resetPassword, {
    config: access,
    tags,
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { code: 0 as const, message: 'Đã cấp lại mật khẩu', data: await resetPassword(ctx, caller(req), req.params.userId) };
    },
  });

  route(app, E.mergePreview, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await mergePreview(ctx, caller(req), req.params.userId, req.query.mergeFromId) }),
  });
  route(app, E.merge, {
    config: access,
    tags,
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã gộp tài khoản',
      data: await mergeAccounts(ctx, caller(req), req.params.userId, req.body.mergeFromId),
    }),
  });

  route(app, E.histories, {
    config: access,
    tags: historyTags,
    handler: async (req) => ({ code: 0 as const, data: await historiesOfUser(ctx, caller(req), req.params.userId, req.query.medicalProfileId, req.query.q) }),
  });
  // Result files: raw bytes in the body (Content-Type of the file); the type is read from the bytes.
  route(app, E.uploadResult, {
    config: access,
    tags: historyTags,
    bodyLimit: RESULT_FILE_MAX_BYTES,
    // Refuse early, with the limit in the message, when the size is announced.
    onRequest: async (req) => {
      if (Number(req.headers['content-length'] ?? 0) > RESULT_FILE_MAX_BYTES) throw tooLarge();
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã tải lên tệp kết quả',
      data: await uploadResult(ctx, storage, caller(req), req.params.userId, req.query, req.body),
    }),
  });
  route(app, E.pullResult, {
    config: access,
    tags: historyTags,
    handler: async (req, reply) => {
      const { file, bytes } = await pullResult(ctx, storage, caller(req), req.params.fileId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', contentDisposition(req.query.inline === 'true' ? 'inline' : 'attachment', file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });

  route(app, E.fromHtml, {
    config: access,
    tags: historyTags,
    bodyLimit: RESULT_HTML_MAX_BYTES,
    onRequest: async (req) => {
      if (Number(req.headers['content-length'] ?? 0) > RESULT_HTML_MAX_BYTES) throw htmlTooLarge();
    },
    handler: async (req) => {
      const { document, message } = await importHtml(ctx, caller(req), req.params.historyId, req.query.fileName, req.body);
      return { code: 0 as const, message, data: document };
    },
  });
  route(app, E.resultDocument, {
    config: access,
    tags: historyTags,
    handler: async (req) => ({ code: 0 as const, data: await readDocument(ctx, caller(req), req.params.documentId) }),
  });

  route(app, E.history, {
    config: access,
    tags: historyTags,
    handler: async (req) => ({ code: 0 as const, data: await oneHistory(ctx, caller(req), req.params.historyId, 'history') }),
  });
  route(app, E.prescriptions, {
    config: access,
    tags: historyTags,
    handler: async (req) => ({ code: 0 as const, data: (await oneHistory(ctx, caller(req), req.params.historyId, 'prescriptions')).prescriptions }),
  });
  route(app, E.medicalRecords, {
    config: access,
    tags: historyTags,
    handler: async (req) => {
      const h = await oneHistory(ctx, caller(req), req.params.historyId, 'medical-records');
      return { code: 0 as const, data: h.medicalRecord ? [h.medicalRecord] : [] };
    },
  });
  route(app, E.diagnostics, {
    config: access,
    tags: historyTags,
    handler: async (req) => ({ code: 0 as const, data: (await oneHistory(ctx, caller(req), req.params.historyId, 'diagnostic')).diagnostics }),
  });
  route(app, E.historiesOfPatient, {
    config: access,
    tags: historyTags,
    handler: async (req) => ({ code: 0 as const, data: await historiesOfPatientCode(ctx, caller(req), req.params.patientValue) }),
  });

  route(app, E.searchProfiles, {
    config: access,
    tags,
    handler: async (req) => {
      const q = req.query;
      const { data, total } = await searchProfiles(ctx, caller(req), q.q, q.page, q.size);
      return pageOf(data, total, q);
    },
  });
  route(app, E.suggest, {
    config: bookingDesk,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await suggestProfiles(ctx, caller(req), req.query.q) }),
  });
  for (const [kind, e] of Object.entries(referenceEndpoints) as [
    keyof typeof referenceEndpoints,
    (typeof referenceEndpoints)[keyof typeof referenceEndpoints],
  ][]) {
    // the lookup is brought up to the areas table first (units a sync of the official list added)
    // the front desk fills a new patient's address, ethnic group and job too (a walk-in registered at the counter)
    route(app, e, { config: bookingDesk, tags, handler: async (req) => (await addressData(ctx.database), referencePage(kind, req.query)) });
  }
  route(app, E.profile, {
    config: access,
    tags,
    handler: async (req) => ({ code: 0 as const, data: await profileById(ctx, caller(req), req.params.medicalProfileId) }),
  });
}
