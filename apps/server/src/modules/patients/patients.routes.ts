import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  accountActionResponse,
  diagnosticsResponse,
  duplicatesQuery,
  duplicatesResponse,
  fileIdParams,
  HISTORIES_PATH,
  historiesQuery,
  historiesResponse,
  historyIdParams,
  historyResponse,
  MEDICAL_PROFILES_PATH,
  medicalProfileBody,
  medicalProfileExtBody,
  medicalProfileExtsResponse,
  medicalProfileQuery,
  medicalProfileResponse,
  medicalProfilesResponse,
  medicalRecordsResponse,
  mergeBody,
  mergePreviewQuery,
  mergePreviewResponse,
  mergeResultResponse,
  patientSearchQuery,
  patientSearchResponse,
  patientUserResponse,
  patientValueParams,
  PATIENTS_PATH,
  prescriptionsResponse,
  profileIdParams,
  profileSearchQuery,
  profileSearchResponse,
  profilesResponse,
  referenceQuery,
  referenceResponse,
  RESULT_FILE_MAX_BYTES,
  RESULT_FILES_PATH,
  resetPasswordResponse,
  resultFileResponse,
  suggestQuery,
  suggestResponse,
  uploadQuery,
  userIdParams,
} from '@portal/shared/contracts/patients.contract';
import { envelope } from '@portal/shared';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { audit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { diskStorage, filesDir, type FileStorage } from '../../core/file-storage';
import { errorResponses } from '../../core/openapi';
import { historiesOfPatientCode, historiesOfUser, oneHistory } from './histories.service';
import { findDuplicates, referencePage, searchProfiles, suggestProfiles } from './lookup.service';
import { mergeAccounts, mergePreview } from './merge.operation';
import { findProfile, findProfiles } from './patients.repository';
import {
  accountAction,
  auditRecordRead,
  createProfile,
  extsOf,
  ownUser,
  profileOf,
  PROFILE_NOT_FOUND,
  resetPassword,
  saveExt,
  searchPatients,
  toProfile,
  updateProfile,
  userDetail,
} from './patients.service';
import { contentDisposition, pullResult, tooLarge, uploadResult } from './result-files';
import { patientFixtureRoutes } from './patients-fixtures.routes';
import { caller } from '../../core/access';
import { notFound } from '../../core/errors';

const access = { access: 'MANAGER_USER' as const };
/** Finding a patient to book for: the patient managers and the front desk (a booking made on the phone). */
const bookingDesk = { access: ['MANAGER_USER', 'MANAGER_APPOINTMENT'] as const };
const tags = ['Tài khoản bệnh nhân'];
const historyTags = ['Lịch sử khám'];
const EXPORT_LIMIT = 50_000;

/** Patient accounts, medical profiles, histories, result files and merging (issue 5). */
export async function patientsRoutes(app: FastifyInstance, ctx: AppContext, storage: FileStorage = diskStorage(filesDir(ctx.config.dataDir))): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = PATIENTS_PATH;
  if (ctx.config.ENABLE_TEST_FIXTURES) await patientFixtureRoutes(app, ctx, storage);

  r.get(`${P}/search`, {
    config: access,
    schema: {
      tags,
      summary: 'Tìm tài khoản theo tên (có hoặc không dấu), số điện thoại, CCCD, BHYT, mã bệnh nhân; lọc xác thực, khoá, ngày tạo',
      querystring: patientSearchQuery,
      response: { 200: patientSearchResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const q = req.query;
      const { data, total, capped } = await searchPatients(ctx, caller(req), q);
      return { ...pageOf(data, total, q), totalCapped: capped };
    },
  });

  r.get(`${P}/export`, {
    config: access,
    schema: { tags, summary: 'Xuất Excel danh sách tài khoản theo bộ lọc', querystring: patientSearchQuery },
    handler: async (req, reply) => {
      const { data } = await searchPatients(ctx, caller(req), req.query, { limit: EXPORT_LIMIT, offset: 0 });
      const wb = new ExcelJS.Workbook();
      wb.creator = 'Cổng quản trị đặt khám';
      const ws = wb.addWorksheet('Tài khoản bệnh nhân');
      ws.columns = [
        { header: 'STT', key: 'stt', width: 6 },
        { header: 'Họ và tên', key: 'name', width: 28 },
        { header: 'Số điện thoại', key: 'phone', width: 16 },
        { header: 'Email', key: 'email', width: 28 },
        { header: 'Mã bệnh nhân', key: 'codes', width: 28 },
        { header: 'Số hồ sơ', key: 'profiles', width: 10 },
        { header: 'Xác thực', key: 'verified', width: 14 },
        { header: 'Trạng thái', key: 'state', width: 16 },
        { header: 'Ngày tạo', key: 'createdAt', width: 18 },
      ];
      ws.getRow(1).font = { bold: true };
      data.forEach((u, i) =>
        ws.addRow({
          stt: i + 1,
          name: u.name,
          phone: formatPhone(u.phone),
          email: u.email ?? '',
          codes: u.profiles.map((p) => p.patientCode).join(', '),
          profiles: u.profiles.length,
          verified: u.verified ? 'Đã xác thực' : 'Chưa xác thực',
          state: u.mergedIntoId ? `Đã gộp vào #${u.mergedIntoId}` : u.locked ? 'Đã khoá' : 'Hoạt động',
          createdAt: formatDateTime(u.createdAt),
        }),
      );
      const buffer = Buffer.from(await wb.xlsx.writeBuffer());
      await audit(ctx.database.db, caller(req), {
        action: 'EXPORT',
        entity: 'patient_user',
        after: { rows: data.length, filters: req.query.filters, q: req.query.q ?? null },
      });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="tai-khoan-benh-nhan-${formatDate(new Date()).replaceAll('/', '-')}.xlsx"`)
        .send(buffer);
    },
  });

  r.get(`${P}/duplicates`, {
    config: access,
    schema: {
      tags,
      summary: 'Tài khoản có thể trùng: cùng số điện thoại, cùng CCCD, cùng họ tên và ngày sinh',
      querystring: duplicatesQuery,
      response: { 200: duplicatesResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const q = req.query;
      const { data, total } = await findDuplicates(ctx, caller(req), q.reason, q.page, q.size);
      return pageOf(data, total, q);
    },
  });

  r.get(`${P}/:userId`, {
    config: access,
    schema: { tags, summary: 'Chi tiết tài khoản', params: userIdParams, response: { 200: patientUserResponse, ...errorResponses(400, 401, 403, 404) } },
    handler: async (req) => {
      const u = await ownUser(ctx.database.db, caller(req), req.params.userId);
      return { code: 0 as const, data: await userDetail(ctx.database.db, u.facilityId, u) };
    },
  });

  r.get(`${P}/:userId/profiles`, {
    config: access,
    schema: {
      tags,
      summary: 'Các hồ sơ của tài khoản (tóm tắt)',
      params: userIdParams,
      response: { 200: profilesResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const u = await ownUser(ctx.database.db, caller(req), req.params.userId);
      const list = await findProfiles(ctx.database.db, u.facilityId, u.id);
      return {
        code: 0 as const,
        data: list.map((p) => ({
          id: p.id,
          patientCode: p.patientCode,
          fullName: p.fullName,
          birthDate: p.birthDate,
          gender: p.gender,
          relationship: p.relationship,
        })),
      };
    },
  });

  r.get(`${P}/:userId/medical-profiles`, {
    config: bookingDesk,
    schema: {
      tags,
      summary: 'Các hồ sơ bệnh nhân đầy đủ của tài khoản (ghi nhật ký truy cập)',
      params: userIdParams,
      response: { 200: medicalProfilesResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const u = await ownUser(ctx.database.db, caller(req), req.params.userId);
      const list = await findProfiles(ctx.database.db, u.facilityId, u.id);
      await auditRecordRead(ctx, caller(req), u.id, 'medical-profiles');
      return { code: 0 as const, data: list.map(toProfile) };
    },
  });

  r.get(`${P}/:userId/medical-profile`, {
    config: access,
    schema: {
      tags,
      summary: 'Một hồ sơ (mặc định hồ sơ chủ tài khoản; ?userProfileId= chọn hồ sơ)',
      params: userIdParams,
      querystring: medicalProfileQuery,
      response: { 200: medicalProfileResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await profileOf(ctx, caller(req), req.params.userId, req.query.userProfileId) }),
  });

  r.post(`${P}/:userId/medical-profile`, {
    config: access,
    schema: {
      tags,
      summary: 'Thêm hồ sơ cho tài khoản (người thân)',
      params: userIdParams,
      body: medicalProfileBody,
      response: { 200: medicalProfileResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ code: 0 as const, message: 'Đã thêm hồ sơ', data: await createProfile(ctx, caller(req), req.params.userId, req.body) }),
  });

  r.put(`${P}/:userId/medical-profile`, {
    config: access,
    schema: {
      tags,
      summary: 'Cập nhật hồ sơ (?userProfileId=)',
      params: userIdParams,
      querystring: z.object({ userProfileId: medicalProfileQuery.shape.userProfileId.unwrap() }),
      body: medicalProfileBody,
      response: { 200: medicalProfileResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã lưu hồ sơ',
      data: await updateProfile(ctx, caller(req), req.params.userId, req.query.userProfileId, req.body),
    }),
  });

  r.get(`${P}/:userId/medical-profile-exts`, {
    config: access,
    schema: {
      tags,
      summary: 'Thông tin bổ sung của các hồ sơ (nhóm máu, dị ứng, người giám hộ)',
      params: userIdParams,
      response: { 200: medicalProfileExtsResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await extsOf(ctx, caller(req), req.params.userId) }),
  });

  r.put(`${P}/:userId/medical-profile-exts`, {
    config: access,
    schema: {
      tags,
      summary: 'Lưu thông tin bổ sung của một hồ sơ',
      params: userIdParams,
      body: medicalProfileExtBody,
      response: { 200: medicalProfileExtsResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, message: 'Đã lưu thông tin bổ sung', data: await saveExt(ctx, caller(req), req.params.userId, req.body) }),
  });

  for (const [action, path, summary] of [
    ['verify', 'verify', 'Xác thực tài khoản'],
    ['lock', 'locked', 'Khoá tài khoản (kết thúc mọi phiên đăng nhập của bệnh nhân)'],
    ['unlock', 'unlocked', 'Mở khoá tài khoản'],
  ] as const) {
    r.put(`${P}/:userId/${path}`, {
      config: access,
      schema: { tags, summary, params: userIdParams, response: { 200: accountActionResponse, ...errorResponses(400, 401, 403, 404, 409) } },
      handler: async (req) => {
        const { detail, message } = await accountAction(ctx, caller(req), req.params.userId, action);
        return { code: 0 as const, message, data: detail };
      },
    });
  }

  r.put(`${P}/:userId/reset-password`, {
    config: access,
    schema: {
      tags,
      summary: 'Cấp lại mật khẩu một lần (hiển thị một lần, bắt buộc đổi khi đăng nhập)',
      params: userIdParams,
      response: { 200: resetPasswordResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { code: 0 as const, message: 'Đã cấp lại mật khẩu', data: await resetPassword(ctx, caller(req), req.params.userId) };
    },
  });

  r.get(`${P}/:userId/merge`, {
    config: access,
    schema: {
      tags,
      summary: 'Xem trước việc gộp: tài khoản giữ lại là {userId}, tài khoản bị gộp là ?mergeFromId=',
      params: userIdParams,
      querystring: mergePreviewQuery,
      response: { 200: mergePreviewResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({ code: 0 as const, data: await mergePreview(ctx, caller(req), req.params.userId, req.query.mergeFromId) }),
  });

  r.post(`${P}/:userId/merge`, {
    config: access,
    schema: {
      tags,
      summary: 'Gộp tài khoản mergeFromId vào {userId} trong một giao dịch',
      params: userIdParams,
      body: mergeBody,
      response: { 200: mergeResultResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => ({
      code: 0 as const,
      message: 'Đã gộp tài khoản',
      data: await mergeAccounts(ctx, caller(req), req.params.userId, req.body.mergeFromId),
    }),
  });

  r.get(`${P}/:userId/histories`, {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Lịch sử khám của tài khoản kèm đơn thuốc, bệnh án, kết quả, tệp (ghi nhật ký truy cập)',
      params: userIdParams,
      querystring: historiesQuery,
      response: { 200: historiesResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await historiesOfUser(ctx, caller(req), req.params.userId, req.query.medicalProfileId) }),
  });

  // Result files: raw bytes in the body (Content-Type of the file); the type is read from the bytes.
  await app.register(async (files) => {
    files.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const f = files.withTypeProvider<ZodTypeProvider>();
    f.post(`${P}/:userId/upload-results`, {
      config: access,
      bodyLimit: RESULT_FILE_MAX_BYTES,
      // Refuse early, with the limit in the message, when the size is announced.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > RESULT_FILE_MAX_BYTES) throw tooLarge();
      },
      schema: {
        tags: historyTags,
        summary: 'Tải lên tệp kết quả (PDF, JPEG, PNG; tối đa 10 MB) cho một hồ sơ, tuỳ chọn gắn với một lượt khám',
        params: userIdParams,
        querystring: uploadQuery,
        response: { 200: resultFileResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
      handler: async (req) => ({
        code: 0 as const,
        message: 'Đã tải lên tệp kết quả',
        data: await uploadResult(ctx, storage, caller(req), req.params.userId, req.query, req.body as Buffer),
      }),
    });
  });

  r.get(`${RESULT_FILES_PATH}/:fileId/pull`, {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Tải về tệp kết quả (chỉ nhân viên được phân quyền của cùng cơ sở; ghi nhật ký)',
      params: fileIdParams,
      querystring: z.object({ inline: z.enum(['true', 'false']).optional() }),
    },
    handler: async (req, reply) => {
      const { file, bytes } = await pullResult(ctx, storage, caller(req), req.params.fileId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', contentDisposition(req.query.inline === 'true' ? 'inline' : 'attachment', file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });

  const H = HISTORIES_PATH;
  r.get(`${H}/:historyId`, {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Một lượt khám với đầy đủ thành phần',
      params: historyIdParams,
      response: { 200: historyResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await oneHistory(ctx, caller(req), req.params.historyId, 'history') }),
  });
  r.get(`${H}/:historyId/prescriptions`, {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Đơn thuốc của lượt khám',
      params: historyIdParams,
      response: { 200: prescriptionsResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: (await oneHistory(ctx, caller(req), req.params.historyId, 'prescriptions')).prescriptions }),
  });
  r.get(`${H}/:historyId/medical-records`, {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Bệnh án của lượt khám',
      params: historyIdParams,
      response: { 200: medicalRecordsResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const h = await oneHistory(ctx, caller(req), req.params.historyId, 'medical-records');
      return { code: 0 as const, data: h.medicalRecord ? [h.medicalRecord] : [] };
    },
  });
  r.get(`${H}/:historyId/diagnostic`, {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Kết quả cận lâm sàng của lượt khám',
      params: historyIdParams,
      response: { 200: diagnosticsResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: (await oneHistory(ctx, caller(req), req.params.historyId, 'diagnostic')).diagnostics }),
  });
  r.get('/api/his/v1/vendor/:patientValue/histories', {
    config: access,
    schema: {
      tags: historyTags,
      summary: 'Lịch sử khám theo mã bệnh nhân',
      params: patientValueParams,
      response: { 200: envelope(z.array(historyResponse.shape.data)), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => ({ code: 0 as const, data: await historiesOfPatientCode(ctx, caller(req), req.params.patientValue) }),
  });

  const M = MEDICAL_PROFILES_PATH;
  r.get(`${M}/search`, {
    config: access,
    schema: {
      tags,
      summary: 'Tìm hồ sơ bệnh nhân: tên không dấu, số điện thoại, CCCD, BHYT, mã bệnh nhân',
      querystring: profileSearchQuery,
      response: { 200: profileSearchResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const q = req.query;
      const { data, total } = await searchProfiles(ctx, caller(req), q.q, q.page, q.size);
      return pageOf(data, total, q);
    },
  });
  r.get(`${M}/suggest`, {
    config: bookingDesk,
    schema: {
      tags,
      summary: 'Gợi ý hồ sơ khi đặt khám: tiền tố họ tên không dấu, số điện thoại, CCCD, mã bệnh nhân (tối đa 10)',
      querystring: suggestQuery,
      response: { 200: suggestResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (req) => ({ code: 0 as const, data: await suggestProfiles(ctx, caller(req), req.query.q) }),
  });
  for (const kind of ['provinces', 'wards', 'nations', 'jobs'] as const) {
    r.get(`${M}/reference/${kind}`, {
      config: access,
      schema: {
        tags,
        summary: `Danh mục quốc gia cho ô chọn của hồ sơ: ${kind}`,
        querystring: referenceQuery,
        response: { 200: referenceResponse, ...errorResponses(400, 401, 403) },
      },
      handler: async (req) => referencePage(kind, req.query),
    });
  }
  r.get(`${M}/:medicalProfileId`, {
    config: access,
    schema: {
      tags,
      summary: 'Một hồ sơ bệnh nhân theo mã hồ sơ',
      params: profileIdParams,
      response: { 200: medicalProfileResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const p = await findProfile(ctx.database.db, caller(req).facilityId, req.params.medicalProfileId);
      if (!p) throw notFound(PROFILE_NOT_FOUND);
      await auditRecordRead(ctx, caller(req), p.userId, 'medical-profile', { profileId: p.id });
      return { code: 0 as const, data: toProfile(p) };
    },
  });
}
