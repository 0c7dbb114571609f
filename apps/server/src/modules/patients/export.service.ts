import ExcelJS from 'exceljs';
import type { PatientSearchQuery } from '@portal/shared/contracts/patients.contract';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { searchPatients } from './patients.service';

const EXPORT_LIMIT = 50_000;

/** The accounts of the list's filters as an .xlsx workbook (at most 50,000 rows), its file name, and the export audited. */
export async function exportPatients(ctx: AppContext, caller: Caller, q: PatientSearchQuery): Promise<{ bytes: Buffer; fileName: string }> {
  const { data } = await searchPatients(ctx, caller, q, { limit: EXPORT_LIMIT, offset: 0 });
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
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  await audit(ctx.database.db, caller, {
    action: 'EXPORT',
    entity: 'patient_user',
    after: { rows: data.length, filters: q.filters, q: q.q ?? null },
  });
  return { bytes, fileName: `tai-khoan-benh-nhan-${formatDate(new Date()).replaceAll('/', '-')}.xlsx` };
}
