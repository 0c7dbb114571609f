import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { FEEDBACK_WINDOW_DAYS, initialStatus, isComplaint } from '@portal/shared/rules/feedback';
import { addDays } from '@portal/shared/rules/period';
import { todayVn, vnWallClockToMs } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { mulberry32 } from './patients-data';

/**
 * The demo's patients' feedback (issue 19, /admin/danh-sach-phan-hoi): about two in five of the finished visits of the
 * last FEEDBACK_WINDOW_DAYS days of the demo hospital were rated in the app, mostly 4–5 stars; the waiting time scores
 * lowest; a few visits were complaints (a low star, or "Khiếu nại" ticked) with a comment saying why, and the older
 * complaints are answered and handled by the facility's manager. Deterministic (seeded RNG), a few multi-row inserts.
 */

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
function weighted<T>(rng: Rng, list: readonly (readonly [T, number])[]): T {
  const total = list.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [v, w] of list) {
    r -= w;
    if (r < 0) return v;
  }
  return list[list.length - 1]![0];
}

const PRAISE = [
  'Bác sĩ khám kỹ, giải thích rõ ràng, dặn dò cẩn thận.',
  'Đặt lịch trên ứng dụng tiện, đến là được khám ngay.',
  'Nhân viên tiếp đón nhiệt tình, hướng dẫn tận nơi.',
  'Phòng khám sạch sẽ, thoáng mát. Cảm ơn bệnh viện.',
  'Bác sĩ rất tận tâm với cháu nhỏ, cháu không sợ nữa.',
  'Kết quả xét nghiệm có sớm, xem được trên điện thoại.',
  'Điều dưỡng lấy máu nhẹ tay, chu đáo.',
  'Khám nhanh, đúng giờ hẹn, thủ tục gọn.',
  'Rất hài lòng, sẽ giới thiệu cho người nhà.',
];
const NEUTRAL = [
  'Khám ổn nhưng phải chờ lấy thuốc hơi lâu.',
  'Bãi gửi xe chật, nên có thêm chỗ cho xe máy.',
  'Bác sĩ khám nhanh quá, tôi chưa kịp hỏi hết.',
  'Biển chỉ dẫn đến phòng xét nghiệm khó tìm.',
  'Nên có thêm ghế ở khu chờ tầng 2.',
];
const COMPLAINTS = [
  'Đặt lịch 8h nhưng 10h30 mới được gọi vào khám, không ai thông báo lý do.',
  'Nhân viên quầy tiếp đón trả lời cộc lốc, không hướng dẫn thủ tục BHYT.',
  'Nhà vệ sinh tầng 1 bẩn, không có giấy và xà phòng.',
  'Bác sĩ không giải thích kết quả, chỉ kê đơn rồi cho về.',
  'Thu tiền hai lần dịch vụ siêu âm, đề nghị kiểm tra lại hoá đơn.',
  'Phải chờ hơn 2 tiếng ở khu xét nghiệm, người già đứng mệt.',
  'Ứng dụng báo đã xác nhận nhưng đến nơi quầy nói không có lịch.',
];
const REPLIES = [
  'Bệnh viện chân thành xin lỗi anh/chị về trải nghiệm chưa tốt. Khoa đã bố trí thêm nhân viên tiếp đón buổi sáng để giảm thời gian chờ.',
  'Cảm ơn anh/chị đã phản ánh. Phòng Quản lý chất lượng đã làm việc với bộ phận liên quan và sẽ liên hệ lại với anh/chị trong tuần này.',
  'Bệnh viện đã kiểm tra hoá đơn và hoàn lại khoản thu trùng. Mong anh/chị thông cảm.',
];
const THANKS = 'Cảm ơn anh/chị đã tin tưởng lựa chọn bệnh viện. Chúc anh/chị và gia đình nhiều sức khoẻ!';
const NOTES = [
  'Đã gọi điện xin lỗi bệnh nhân, trao đổi với trưởng khoa.',
  'Đã nhắc nhở nhân viên, bổ sung quy trình hướng dẫn BHYT.',
  'Đã kiểm tra, hoàn tiền và gửi lại hoá đơn điện tử.',
];

const clamp = (v: number) => Math.min(5, Math.max(1, Math.round(v)));

interface Visit {
  id: number;
  code: string;
  date: string;
  userId: number;
  profileId: number;
  doctorId: number;
  departmentId: number;
  patientName: string;
  patientCode: string;
  phone: string;
}

/** Seeds the feedback of the facility's finished visits; returns how many. Run after the demo bookings. */
export async function seedDemoFeedback(ex: Executor, facilityId: number, now = new Date(), share = 0.4): Promise<number> {
  const today = todayVn(now);
  const visits = await rows<Visit>(
    ex,
    sql`SELECT b.id, b.code, b.date::text AS date, b.patient_user_id AS "userId", b.medical_profile_id AS "profileId", b.doctor_id AS "doctorId",
          b.department_id AS "departmentId", p.full_name AS "patientName", p.patient_code AS "patientCode", coalesce(u.phone, p.phone, '') AS phone
        FROM bookings b
        JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
        JOIN patient_users u ON u.facility_id = b.facility_id AND u.id = b.patient_user_id
        WHERE b.facility_id = ${facilityId} AND b.status = 'DONE' AND b.date BETWEEN ${addDays(today, -FEEDBACK_WINDOW_DAYS)}::date AND ${today}::date
        ORDER BY b.date, b.id`,
  );
  // who answers: the facility's first manager of feedback at work (the demo's admin)
  const [admin] = await rows<{ id: number }>(
    ex,
    sql`SELECT a.id FROM accounts a JOIN account_roles ar ON ar.account_id = a.id JOIN role_authorities ra ON ra.role_id = ar.role_id
        WHERE a.facility_id = ${facilityId} AND ra.authority IN ('ADMIN_FACILITY', 'MANAGER_CONSULTATION') AND NOT a.locked ORDER BY a.id LIMIT 1`,
  );
  const rng = mulberry32(1919 + facilityId);
  const out: Record<string, unknown[]> = {};
  const push = (k: string, v: unknown) => {
    out[k] ??= [];
    out[k].push(v);
  };
  let n = 0;
  for (const v of visits) {
    if (rng() >= share) continue;
    const overall = weighted(rng, [
      [5, 48],
      [4, 30],
      [3, 11],
      [2, 6],
      [1, 5],
    ] as const);
    const around = (shift: number) => (rng() < 0.75 ? clamp(overall + shift + (rng() - 0.5) * 2) : null);
    const ratings = { overall, doctor: around(0.3), reception: around(0), waiting: around(-0.8), cleanliness: around(0.1) };
    const ticked = rng() < 0.015;
    const complaint = isComplaint(ratings, ticked);
    const comment = complaint ? pick(rng, COMPLAINTS) : rng() < 0.55 ? (overall >= 4 ? pick(rng, PRAISE) : pick(rng, NEUTRAL)) : '';
    // given the evening of the visit or within two days, never in the future
    const [y, m, d] = v.date.split('-').map(Number) as [number, number, number];
    const at = Math.min(now.getTime() - (5 + Math.floor(rng() * 600)) * 60_000, vnWallClockToMs(y, m, d, 12, 0, 0, 0) + Math.floor(rng() * 60) * 3_600_000);
    const ageDays = (now.getTime() - at) / 86_400_000;
    // older complaints were answered, most of them handled; a few kind words were thanked
    const replied = Boolean(admin) && ((complaint && ageDays > 2 && rng() < 0.75) || (!complaint && overall === 5 && comment && rng() < 0.15));
    const handled = Boolean(admin) && complaint && replied && rng() < 0.8;
    const replyAt = new Date(Math.min(now.getTime() - 30_000, at + (2 + rng() * 20) * 3_600_000)).toISOString();
    push('booking', v.id);
    push('user', v.userId);
    push('profile', v.profileId);
    push('doctorId', v.doctorId);
    push('departmentId', v.departmentId);
    push('visit', v.date);
    for (const k of ['overall', 'doctor', 'reception', 'waiting', 'cleanliness'] as const) push(`r.${k}`, ratings[k]);
    push('comment', comment);
    push('ticked', ticked);
    push('complaint', complaint);
    push('status', handled ? 'HANDLED' : initialStatus(complaint));
    push('search', normalizeText(`${comment} ${v.patientName} ${v.phone} ${v.patientCode} ${v.code}`));
    push('reply', replied ? (complaint ? pick(rng, REPLIES) : THANKS) : null);
    push('repliedBy', replied ? admin!.id : null);
    push('repliedAt', replied ? replyAt : null);
    push('note', handled ? pick(rng, NOTES) : null);
    push('handledBy', handled ? admin!.id : null);
    push('handledAt', handled ? replyAt : null);
    push('createdAt', new Date(at).toISOString());
    n += 1;
  }
  if (n === 0) return 0;
  const a = (k: string, type: string) => sql`${sql.param(out[k])}::${sql.raw(type)}[]`;
  await ex.execute(
    sql`INSERT INTO patient_feedbacks (facility_id, booking_id, user_id, medical_profile_id, doctor_id, department_id, visit_date,
          rating_overall, rating_doctor, rating_reception, rating_waiting, rating_cleanliness, comment, complaint_ticked, complaint, status, search_text,
          reply_text, replied_by, replied_at, handled_note, handled_by, handled_at, created_at)
        SELECT ${facilityId}, * FROM unnest(${a('booking', 'int')}, ${a('user', 'int')}, ${a('profile', 'int')}, ${a('doctorId', 'int')}, ${a('departmentId', 'int')},
          ${a('visit', 'date')}, ${a('r.overall', 'smallint')}, ${a('r.doctor', 'smallint')}, ${a('r.reception', 'smallint')}, ${a('r.waiting', 'smallint')},
          ${a('r.cleanliness', 'smallint')}, ${a('comment', 'text')}, ${a('ticked', 'boolean')}, ${a('complaint', 'boolean')}, ${a('status', 'text')},
          ${a('search', 'text')}, ${a('reply', 'text')}, ${a('repliedBy', 'int')}, ${a('repliedAt', 'timestamptz')}, ${a('note', 'text')},
          ${a('handledBy', 'int')}, ${a('handledAt', 'timestamptz')}, ${a('createdAt', 'timestamptz')})`,
  );
  return n;
}
