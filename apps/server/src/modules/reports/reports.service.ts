import type { Readable } from 'node:stream';
import { MSG } from '@portal/shared';
import { BOOKING_SOURCE_LABELS, BOOKING_SOURCES, type BookingSource } from '@portal/shared/contracts/appointments.contract';
import { QUICK_GROUP_COLUMNS } from '@portal/shared/contracts/reports.contract';
import type {
  AppointmentCompleteDto,
  CompletionRowDto,
  EfficiencyRowDto,
  GroupCountsDto,
  QuickStatisticDto,
  ReportFilters,
  StaffReportFilters,
  StaffStatisticEfficiencyDto,
  StateCountsDto,
  StatisticEfficiencyDto,
} from '@portal/shared/contracts/reports.contract';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@portal/shared/rules/booking-status';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { periodDayList } from '@portal/shared/rules/period';
import { completionRate, fillRate, formatRate, noShowRate, onlineShare } from '@portal/shared/rules/report-rates';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { keysetRows, streamWorkbook, type StreamSheet } from '../../core/crud/excel-stream';
import { badRequest } from '../../core/errors';
import { iso } from '../../core/sql';
import * as repo from './reports.repository';

const ZERO: StateCountsDto = { total: 0, pending: 0, accepted: 0, rejected: 0, cancelled: 0, checkedIn: 0, done: 0, noShow: 0, online: 0, newPatients: 0 };
const counts = (r: repo.StateCountsRow): StateCountsDto => ({
  total: r.total,
  pending: r.pending,
  accepted: r.accepted,
  rejected: r.rejected,
  cancelled: r.cancelled,
  checkedIn: r.checkedIn,
  done: r.done,
  noShow: r.noShow,
  online: r.online,
  newPatients: r.newPatients,
});
const NO_NAME: Record<repo.NameKind, string> = {
  department: 'Khoa không còn',
  specialty: 'Chưa có chuyên khoa',
  doctor: 'Bác sĩ không còn',
  room: 'Phòng không còn',
};
const byTotal =
  <T extends { name: string }>(value: (r: T) => number) =>
  (a: T, b: T) =>
    value(b) - value(a) || a.name.localeCompare(b.name, 'vi');

/** 400 when a filter names a department or doctor of another facility (nothing would be counted, silently). */
async function checkFilters(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<void> {
  const owns = await repo.ownsFilterRows(ctx.database.db, caller.facilityId, f);
  if (!owns.department) throw badRequest(MSG.reportDepartmentUnknown, [{ field: 'departmentId', message: MSG.reportDepartmentUnknown }]);
  if (!owns.doctor) throw badRequest(MSG.reportDoctorUnknown, [{ field: 'doctorId', message: MSG.reportDoctorUnknown }]);
}

/** Names of the groups' ids (one query for all kinds). */
function lookupNames(ctx: AppContext, caller: Caller, keys: { kind: string; key: string | null }[]) {
  const ids: Record<repo.NameKind, number[]> = { department: [], specialty: [], doctor: [], room: [] };
  for (const k of keys) if (k.key !== null && k.kind in ids) ids[k.kind as repo.NameKind].push(Number(k.key));
  return repo.names(ctx.database.db, caller.facilityId, ids);
}
const nameOf = (names: Map<string, string>, kind: repo.NameKind, key: string | null) =>
  key === null ? NO_NAME[kind] : (names.get(`${kind}:${key}`) ?? NO_NAME[kind]);

export async function quickStatistic(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<QuickStatisticDto> {
  await checkFilters(ctx, caller, f);
  const found = await repo.quickStatistic(ctx.database.db, caller.facilityId, f);
  const names = await lookupNames(ctx, caller, found);
  const of = (kind: repo.GroupKind) => found.filter((r) => r.kind === kind);
  const group = (kind: repo.NameKind): GroupCountsDto[] =>
    of(kind)
      .map((r) => ({ key: r.key ?? '', name: nameOf(names, kind, r.key), ...counts(r) }))
      .sort(byTotal((r) => r.total));
  const days = new Map(of('day').map((r) => [r.key!, counts(r)]));
  const sources = new Map(of('source').map((r) => [r.key!, counts(r)]));
  const all = of('all')[0];
  return {
    totals: all ? counts(all) : ZERO,
    byDay: periodDayList(f).map((d) => ({ key: d, name: formatDate(d), ...(days.get(d) ?? ZERO) })),
    byDepartment: group('department'),
    bySpecialty: group('specialty'),
    byDoctor: group('doctor'),
    byRoom: group('room'),
    bySource: BOOKING_SOURCES.filter((s) => !f.source || s === f.source).map((s) => ({ key: s, name: BOOKING_SOURCE_LABELS[s], ...(sources.get(s) ?? ZERO) })),
  };
}

/** The quick statistic's totals alone, by the same counting (the home page's dashboard: reportSection). */
export async function quickTotals(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<StateCountsDto> {
  await checkFilters(ctx, caller, f);
  return counts(await repo.quickTotals(ctx.database.db, caller.facilityId, f));
}

export async function appointmentComplete(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<AppointmentCompleteDto> {
  await checkFilters(ctx, caller, f);
  const found = await repo.appointmentComplete(ctx.database.db, caller.facilityId, f);
  const names = await lookupNames(ctx, caller, found);
  const group = (kind: 'department' | 'doctor'): CompletionRowDto[] =>
    found
      .filter((r) => r.kind === kind)
      .map((r) => ({ key: r.key ?? '', name: nameOf(names, kind, r.key), planned: r.planned, done: r.done }))
      .sort(byTotal((r) => r.planned));
  const days = new Map(found.filter((r) => r.kind === 'day').map((r) => [r.key!, r]));
  const all = found.find((r) => r.kind === 'all');
  return {
    totals: { planned: all?.planned ?? 0, done: all?.done ?? 0 },
    byDepartment: group('department'),
    byDoctor: group('doctor'),
    byDay: periodDayList(f).map((d) => ({ key: d, name: formatDate(d), planned: days.get(d)?.planned ?? 0, done: days.get(d)?.done ?? 0 })),
  };
}

const minutes = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

export async function statisticEfficiency(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<StatisticEfficiencyDto> {
  await checkFilters(ctx, caller, f);
  const [offered, used] = await Promise.all([
    repo.offeredPlaces(ctx.database.db, caller.facilityId, f),
    repo.usedPlaces(ctx.database.db, caller.facilityId, f),
  ]);
  const names = await lookupNames(ctx, caller, [...offered, ...used]);
  const group = (kind: repo.EfficiencyKind): EfficiencyRowDto[] => {
    const rows = new Map<string, EfficiencyRowDto>();
    const row = (key: string) => {
      const found = rows.get(key);
      if (found) return found;
      const made: EfficiencyRowDto = { key, name: nameOf(names, kind, key), offered: 0, booked: 0, used: 0, waitMedian: null, waitP90: null };
      rows.set(key, made);
      return made;
    };
    for (const o of offered) if (o.kind === kind) row(o.key).offered = o.offered;
    for (const u of used)
      if (u.kind === kind) Object.assign(row(u.key), { booked: u.booked, used: u.used, waitMedian: minutes(u.waitMedian), waitP90: minutes(u.waitP90) });
    return [...rows.values()].sort(byTotal((r) => r.booked));
  };
  return { byDoctor: group('doctor'), byRoom: group('room') };
}

export async function staffStatisticEfficiency(ctx: AppContext, caller: Caller, f: StaffReportFilters): Promise<StaffStatisticEfficiencyDto> {
  await checkFilters(ctx, caller, f);
  const found = await repo.staffActions(ctx.database.db, caller.facilityId, f);
  return { rows: found.map((r) => ({ ...r, acceptMedian: minutes(r.acceptMedian) })) };
}

// ——— Excel ———

/** The title row of a report's sheet: what, the period, and the filters applied. */
export async function reportTitle(ctx: AppContext, caller: Caller, what: string, f: ReportFilters): Promise<string> {
  const names = await repo.names(ctx.database.db, caller.facilityId, {
    department: f.departmentId === undefined ? [] : [f.departmentId],
    doctor: f.doctorId === undefined ? [] : [f.doctorId],
    specialty: [],
    room: [],
  });
  const parts = [`${what} từ ${formatDate(f.from)} đến ${formatDate(f.to)}`];
  if (f.departmentId !== undefined) parts.push(`Khoa: ${nameOf(names, 'department', String(f.departmentId))}`);
  if (f.doctorId !== undefined) parts.push(`Bác sĩ: ${nameOf(names, 'doctor', String(f.doctorId))}`);
  if (f.source) parts.push(`Nguồn: ${BOOKING_SOURCE_LABELS[f.source as BookingSource]}`);
  return parts.join(' · ');
}

const col = (header: string, width = 14) => ({ header, width });
const STATE_HEADERS = [
  col('Tổng đặt'),
  col('Chờ xác nhận'),
  col('Đã xác nhận'),
  col('Từ chối'),
  col('Đã huỷ'),
  col('Đã tiếp đón'),
  col('Đã khám xong'),
  col('Không đến'),
  col('Tỉ lệ không đến'),
  col('Đặt trực tuyến'),
  col('Bệnh nhân mới'),
  col('Tái khám'),
];
const stateCells = (c: StateCountsDto) => [
  c.total,
  c.pending,
  c.accepted,
  c.rejected,
  c.cancelled,
  c.checkedIn,
  c.done,
  c.noShow,
  formatRate(noShowRate(c)),
  c.online,
  c.newPatients,
  c.total - c.newPatients,
];
const fileName = (name: string, f: ReportFilters) => `${name}-${f.from}-den-${f.to}.xlsx`;

export async function exportQuickStatistic(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<{ stream: Readable; fileName: string }> {
  const data = await quickStatistic(ctx, caller, f);
  const title = await reportTitle(ctx, caller, 'Thống kê nhanh lịch đặt khám', f);
  const sheet = (name: string, first: string, rows: GroupCountsDto[], withTotal = true): StreamSheet => ({
    name,
    title,
    columns: [col(first, 32), ...STATE_HEADERS],
    rows:
      rows.length === 0 || data.totals.total === 0
        ? []
        : [...rows.map((r) => [r.name, ...stateCells(r)]), ...(withTotal ? [['Tổng cộng', ...stateCells(data.totals)]] : [])],
  });
  const stream = streamWorkbook([
    {
      name: 'Tổng quan',
      title,
      columns: [col('Chỉ số', 32), col('Giá trị', 16)],
      rows:
        data.totals.total === 0
          ? []
          : [...STATE_HEADERS.map((h, i) => [h.header, stateCells(data.totals)[i]]), ['Tỉ lệ đặt trực tuyến', formatRate(onlineShare(data.totals))]],
    },
    sheet('Theo khoa', QUICK_GROUP_COLUMNS.byDepartment, data.byDepartment),
    sheet('Theo chuyên khoa', QUICK_GROUP_COLUMNS.bySpecialty, data.bySpecialty),
    sheet('Theo bác sĩ', QUICK_GROUP_COLUMNS.byDoctor, data.byDoctor),
    sheet('Theo phòng', QUICK_GROUP_COLUMNS.byRoom, data.byRoom),
    sheet('Theo nguồn', QUICK_GROUP_COLUMNS.bySource, data.bySource),
    sheet('Theo ngày', QUICK_GROUP_COLUMNS.byDay, data.byDay),
  ]);
  return { stream, fileName: fileName('thong-ke-nhanh', f) };
}

export async function exportAppointmentComplete(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<{ stream: Readable; fileName: string }> {
  const data = await appointmentComplete(ctx, caller, f);
  const title = await reportTitle(ctx, caller, 'Lịch khám hoàn thành so với dự kiến', f);
  const cells = (r: { planned: number; done: number }) => [r.planned, r.done, formatRate(completionRate(r.done, r.planned))];
  const sheet = (name: string, first: string, rows: CompletionRowDto[]): StreamSheet => ({
    name,
    title,
    columns: [col(first, 32), col('Dự kiến'), col('Hoàn thành'), col('Tỉ lệ hoàn thành')],
    rows: data.totals.planned === 0 && data.totals.done === 0 ? [] : [...rows.map((r) => [r.name, ...cells(r)]), ['Tổng cộng', ...cells(data.totals)]],
  });
  const stream = streamWorkbook([
    sheet('Theo khoa', QUICK_GROUP_COLUMNS.byDepartment, data.byDepartment),
    sheet('Theo bác sĩ', QUICK_GROUP_COLUMNS.byDoctor, data.byDoctor),
    sheet('Theo ngày', QUICK_GROUP_COLUMNS.byDay, data.byDay),
  ]);
  return { stream, fileName: fileName('hoan-thanh-lich-kham', f) };
}

export async function exportStatisticEfficiency(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<{ stream: Readable; fileName: string }> {
  const data = await statisticEfficiency(ctx, caller, f);
  const title = await reportTitle(ctx, caller, 'Hiệu suất bác sĩ và phòng khám', f);
  const sheet = (name: string, first: string, rows: EfficiencyRowDto[]): StreamSheet => {
    const sum = (k: 'offered' | 'booked' | 'used') => rows.reduce((a, r) => a + r[k], 0);
    return {
      name,
      title,
      columns: [
        col(first, 32),
        col('Chỗ mở'),
        col('Đã đặt'),
        col('Đã khám'),
        col('Tỉ lệ lấp đầy'),
        col('Chờ gọi trung vị (phút)', 18),
        col('Chờ gọi P90 (phút)', 16),
      ],
      rows:
        rows.length === 0
          ? []
          : [
              ...rows.map((r) => [r.name, r.offered, r.booked, r.used, formatRate(fillRate(r.booked, r.offered)), r.waitMedian ?? '—', r.waitP90 ?? '—']),
              ['Tổng cộng', sum('offered'), sum('booked'), sum('used'), formatRate(fillRate(sum('booked'), sum('offered'))), '', ''],
            ],
    };
  };
  const stream = streamWorkbook([
    sheet('Theo bác sĩ', QUICK_GROUP_COLUMNS.byDoctor, data.byDoctor),
    sheet('Theo phòng', QUICK_GROUP_COLUMNS.byRoom, data.byRoom),
  ]);
  return { stream, fileName: fileName('hieu-suat', f) };
}

export async function exportStaffStatisticEfficiency(ctx: AppContext, caller: Caller, f: StaffReportFilters): Promise<{ stream: Readable; fileName: string }> {
  const data = await staffStatisticEfficiency(ctx, caller, f);
  const title = await reportTitle(ctx, caller, 'Hiệu suất nhân viên', f);
  const keys = ['accepted', 'rejected', 'checkedIn', 'called', 'phone'] as const;
  const sum = (k: (typeof keys)[number]) => data.rows.reduce((a, r) => a + r[k], 0);
  const stream = streamWorkbook([
    {
      name: 'Nhân viên',
      title: f.accountIds?.length ? `${title} · ${f.accountIds.length} nhân viên theo dõi` : title,
      columns: [
        col('Tài khoản', 18),
        col('Họ và tên', 28),
        col('Xác nhận'),
        col('Từ chối'),
        col('Tiếp đón'),
        col('Gọi khám'),
        col('Đặt qua điện thoại', 18),
        col('Thời gian xác nhận trung vị (phút)', 22),
      ],
      rows:
        data.rows.length === 0
          ? []
          : [...data.rows.map((r) => [r.username, r.name, ...keys.map((k) => r[k]), r.acceptMedian ?? '—']), ['Tổng cộng', '', ...keys.map(sum), '']],
    },
  ]);
  return { stream, fileName: fileName('hieu-suat-nhan-vien', f) };
}

/** Rows read per query while the bookings of a period stream out. */
const BOOKING_BATCH = 2_000;

/**
 * Every booking of the period (a year: up to a million rows) as an .xlsx written while it is read, in
 * keyset batches over bookings_day_idx: memory holds one batch. It names patients, so it is audited.
 */
export async function exportBookings(ctx: AppContext, caller: Caller, f: ReportFilters): Promise<{ stream: Readable; fileName: string }> {
  await checkFilters(ctx, caller, f);
  const title = await reportTitle(ctx, caller, 'Danh sách lịch đặt khám', f);
  await audit(ctx.database.db, caller, { action: 'EXPORT', entity: 'booking', after: { filters: f } });
  const batches = keysetRows(
    (after: repo.BookingMark | undefined) => repo.bookingBatch(ctx.database.db, caller.facilityId, f, after, BOOKING_BATCH),
    (r) => ({ date: r.date, startTime: r.startTime, id: r.id }),
    BOOKING_BATCH,
  );
  async function* rows() {
    for await (const r of batches) {
      yield [
        r.code,
        formatDate(r.date),
        r.startTime,
        BOOKING_STATUS_LABELS[r.status as BookingStatus] ?? r.status,
        BOOKING_SOURCE_LABELS[r.source as BookingSource] ?? r.source,
        r.patientCode,
        r.patientName,
        r.department,
        r.doctor,
        r.room,
        formatDateTime(iso(r.createdAt)),
        formatDateTime(iso(r.checkedInAt)),
        formatDateTime(iso(r.calledAt)),
      ];
    }
  }
  const stream = streamWorkbook([
    {
      name: 'Lịch đặt khám',
      title,
      columns: [
        col('Mã lịch', 16),
        col('Ngày khám', 12),
        col('Giờ', 8),
        col('Trạng thái', 16),
        col('Nguồn', 16),
        col('Mã bệnh nhân', 14),
        col('Bệnh nhân', 26),
        col('Khoa', 26),
        col('Bác sĩ', 28),
        col('Phòng', 24),
        col('Đặt lúc', 18),
        col('Tiếp đón lúc', 18),
        col('Gọi khám lúc', 18),
      ],
      rows: rows(),
    },
  ]);
  return { stream, fileName: fileName('lich-dat-kham', f) };
}
