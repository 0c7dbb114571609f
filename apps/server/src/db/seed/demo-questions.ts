import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { sanitizeRichText } from '../../core/content';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';

/**
 * The demo hospital's questions (issue 19): a few hundred patients' questions of the last 60 days across the
 * specialties, in every state — most answered by the specialty's demo doctors, some waiting (a few past the 48-hour
 * target), accepted, rejected with a reason, hidden; a few sensitive; internal comments on some. Deterministic.
 */
/** Who may ask it: a gender, and the asker's age range (a parent asks for a child, a child for an old parent). */
type Who = { gender?: 'MALE' | 'FEMALE'; min: number; max: number };
type Template = { specialty: string; title: string; content: string; answer: string; who?: Who };

const T: Template[] = [
  {
    specialty: 'TMH',
    title: 'Đau họng kéo dài',
    content: 'Tôi bị đau họng {d}, nuốt vướng, sáng dậy có đờm. Đã uống kháng sinh 5 ngày nhưng không đỡ. Tôi có cần nội soi không?',
    answer:
      '<p>Chào bạn, đau họng kéo dài trên 2 tuần dù đã dùng kháng sinh cần được <strong>nội soi tai mũi họng</strong> để loại trừ viêm họng mạn, trào ngược họng thanh quản.</p><p>Bạn nên đặt lịch khám chuyên khoa Tai Mũi Họng, tránh đồ lạnh, rượu bia và thuốc lá trong thời gian này.</p>',
  },
  {
    specialty: 'TMH',
    title: 'Nghẹt mũi, chảy mũi vàng',
    who: { min: 25, max: 45 },
    content: 'Con tôi 6 tuổi bị nghẹt mũi, chảy mũi vàng {d}, đêm ngủ ngáy. Có phải viêm xoang không ạ?',
    answer:
      '<p>Chào chị, trẻ chảy mũi vàng kéo dài kèm ngáy có thể do <strong>viêm mũi xoang</strong> hoặc VA quá phát.</p><ul><li>Rửa mũi bằng nước muối sinh lý 2–3 lần/ngày.</li><li>Đưa bé đi khám để được nội soi và điều trị phù hợp.</li></ul>',
  },
  {
    specialty: 'TIMMACH',
    title: 'Huyết áp lúc cao lúc thấp',
    who: { min: 50, max: 70 },
    content: 'Tôi 58 tuổi, đo huyết áp buổi sáng 150/95, chiều lại 125/80. Tình trạng này {d}. Tôi có phải uống thuốc huyết áp không?',
    answer:
      '<p>Chào bác, huyết áp dao động trong ngày là thường gặp. Bác nên <strong>đo huyết áp tại nhà</strong> sáng và tối trong 7 ngày, ghi lại kết quả và mang theo khi khám.</p><p>Nếu trung bình trên 135/85 mmHg, bác sĩ sẽ cân nhắc điều trị.</p>',
  },
  {
    specialty: 'TIMMACH',
    title: 'Hồi hộp, tim đập nhanh khi nằm',
    content: 'Tôi hay hồi hộp, tim đập nhanh khi nằm nghiêng trái, {d} nay. Có nguy hiểm không, tôi nên làm xét nghiệm gì?',
    answer:
      '<p>Chào bạn, bạn nên được <strong>đo điện tâm đồ và Holter điện tim 24 giờ</strong> để đánh giá rối loạn nhịp. Hạn chế cà phê, trà đặc và ngủ đủ giấc.</p>',
  },
  {
    specialty: 'TIEUHOA',
    title: 'Đau thượng vị sau ăn',
    content: 'Tôi hay đau vùng thượng vị sau ăn, ợ chua, {d}. Tôi có nên nội soi dạ dày không, có cần nhịn ăn trước không?',
    answer:
      '<p>Chào bạn, triệu chứng gợi ý <strong>viêm dạ dày hoặc trào ngược dạ dày thực quản</strong>. Bạn nên nội soi dạ dày; cần <strong>nhịn ăn ít nhất 6 giờ</strong> trước khi soi.</p>',
  },
  {
    specialty: 'TIEUHOA',
    title: 'Men gan tăng cao',
    content: 'Kết quả xét nghiệm của tôi ALT 95, AST 70. Tôi không uống rượu. Tình trạng đã {d}. Tôi cần làm gì thêm?',
    answer:
      '<p>Chào bạn, men gan tăng gấp 2 lần cần tìm nguyên nhân: <strong>viêm gan virus B, C, gan nhiễm mỡ</strong> hoặc do thuốc. Bạn nên xét nghiệm HBsAg, anti-HCV và siêu âm bụng.</p>',
  },
  {
    specialty: 'HOHAP',
    title: 'Ho khan về đêm',
    content: 'Tôi bị ho khan về đêm {d}, không sốt, không đờm. Tôi có tiền sử dị ứng thời tiết. Có phải hen không?',
    answer: '<p>Chào bạn, ho khan về đêm ở người có cơ địa dị ứng có thể là <strong>hen dạng ho</strong>. Bạn nên đo chức năng hô hấp để chẩn đoán.</p>',
  },
  {
    specialty: 'NOITIET',
    title: 'Đường huyết lúc đói 6,5',
    content: 'Tôi xét nghiệm đường huyết lúc đói 6,5 mmol/l, HbA1c 6,2%. Tôi đã thấy khát nước nhiều {d}. Tôi có bị tiểu đường không?',
    answer:
      '<p>Chào bạn, chỉ số này ở mức <strong>tiền đái tháo đường</strong>. Bạn nên giảm tinh bột, đồ ngọt, tập thể dục 30 phút mỗi ngày và xét nghiệm lại sau 3 tháng.</p>',
  },
  {
    specialty: 'THANKINH',
    title: 'Đau đầu vùng thái dương',
    content: 'Tôi bị đau đầu vùng thái dương, kèm chóng mặt, {d}. Khi làm việc máy tính nhiều thì đau hơn.',
    answer:
      '<p>Chào bạn, đau đầu kiểu này thường là <strong>đau đầu do căng thẳng</strong>. Bạn nên nghỉ giải lao mỗi 45 phút khi dùng máy tính. Nếu đau dữ dội đột ngột, yếu tay chân, hãy đến cấp cứu ngay.</p>',
  },
  {
    specialty: 'THANKINH',
    title: 'Mất ngủ kéo dài',
    content: 'Tôi khó ngủ, thường thức giấc lúc 2–3 giờ sáng và không ngủ lại được, {d}. Có nên uống thuốc ngủ không?',
    answer:
      '<p>Chào bạn, không nên tự dùng thuốc ngủ. Hãy giữ giờ ngủ cố định, tránh cà phê sau 14 giờ và điện thoại trước khi ngủ. Bạn nên khám chuyên khoa Thần kinh để được tư vấn.</p>',
  },
  {
    specialty: 'COXUONGKHOP',
    title: 'Đau khớp gối khi leo cầu thang',
    who: { min: 30, max: 50 },
    content: 'Mẹ tôi 65 tuổi đau khớp gối khi leo cầu thang, gối lạo xạo, {d}. Có phải thoái hoá khớp không?',
    answer:
      '<p>Chào bạn, đây là dấu hiệu thường gặp của <strong>thoái hoá khớp gối</strong>. Mẹ bạn nên chụp X-quang khớp gối, giảm cân nếu thừa cân, tập đạp xe nhẹ và tránh ngồi xổm.</p>',
  },
  {
    specialty: 'COXUONGKHOP',
    title: 'Axit uric cao, sưng ngón chân cái',
    content: 'Tôi bị sưng đau ngón chân cái về đêm, axit uric 520 µmol/l. Tình trạng {d}. Tôi cần kiêng gì?',
    answer:
      '<p>Chào bạn, đây có thể là <strong>cơn gút cấp</strong>. Hạn chế nội tạng động vật, hải sản, bia rượu; uống đủ 2 lít nước mỗi ngày và đến khám để được điều trị.</p>',
  },
  {
    specialty: 'SANPHU',
    title: 'Chậm kinh, que thử một vạch',
    who: { gender: 'FEMALE', min: 18, max: 45 },
    content: 'Tôi chậm kinh {d}, thử que một vạch. Tôi có nên siêu âm không?',
    answer:
      '<p>Chào chị, chị nên thử lại que sau 3–5 ngày hoặc xét nghiệm <strong>beta hCG máu</strong>. Nếu vẫn âm tính, chị nên khám phụ khoa để tìm nguyên nhân chậm kinh.</p>',
  },
  {
    specialty: 'SANPHU',
    title: 'Mang thai 12 tuần cần khám gì',
    who: { gender: 'FEMALE', min: 20, max: 40 },
    content: 'Tôi mang thai 12 tuần, lần đầu có con. Tôi cần làm những xét nghiệm gì, đã {d} tôi chưa đi khám.',
    answer:
      '<p>Chào chị, ở tuần 11–13 chị nên <strong>siêu âm đo độ mờ da gáy</strong> và làm xét nghiệm Double test hoặc NIPT, cùng các xét nghiệm máu, nước tiểu cơ bản.</p>',
  },
  {
    specialty: 'NHI',
    title: 'Trẻ sốt cao, co giật',
    who: { min: 22, max: 45 },
    content: 'Con tôi 2 tuổi sốt 39,5 độ, có lần bị co giật khi sốt {d} trước. Khi bé sốt lại tôi cần làm gì?',
    answer:
      '<p>Chào chị, đây có thể là <strong>co giật do sốt</strong>. Khi bé sốt trên 38,5 độ, dùng hạ sốt paracetamol theo cân nặng, lau mát. Nếu co giật trên 5 phút, hãy đưa bé đến cấp cứu ngay.</p>',
  },
  {
    specialty: 'NHI',
    title: 'Trẻ biếng ăn, chậm tăng cân',
    who: { min: 22, max: 45 },
    content: 'Bé nhà tôi 18 tháng, biếng ăn, {d} không tăng cân. Tôi có nên cho bé uống men vi sinh không?',
    answer:
      '<p>Chào chị, chị nên đưa bé khám dinh dưỡng để đánh giá. Chia nhỏ bữa ăn, không ép ăn, đa dạng thực phẩm. Men vi sinh chỉ dùng khi có chỉ định.</p>',
  },
  {
    specialty: 'MAT',
    title: 'Mắt mờ khi nhìn xa',
    who: { min: 14, max: 19 },
    content: 'Tôi 16 tuổi, nhìn bảng không rõ {d}. Có phải bị cận không, có nên mổ không?',
    answer:
      '<p>Chào em, em nên <strong>đo khúc xạ</strong> để biết độ cận. Phẫu thuật khúc xạ chỉ được cân nhắc khi trên 18 tuổi và độ cận ổn định ít nhất 1 năm.</p>',
  },
  {
    specialty: 'DALIEU',
    title: 'Nổi mẩn ngứa toàn thân',
    content: 'Tôi nổi mẩn đỏ ngứa toàn thân, nhất là về đêm, {d}. Tôi có uống thuốc kháng sinh trước đó.',
    answer: '<p>Chào bạn, có thể bạn bị <strong>mày đay hoặc dị ứng thuốc</strong>. Hãy ngừng thuốc nghi ngờ và đến khám ngay nếu có sưng môi, khó thở.</p>',
  },
  {
    specialty: 'RHM',
    title: 'Chảy máu chân răng',
    content: 'Tôi hay bị chảy máu chân răng khi đánh răng, hơi thở có mùi, {d}.',
    answer: '<p>Chào bạn, đây là dấu hiệu <strong>viêm nướu</strong>. Bạn nên lấy cao răng 6 tháng/lần, dùng bàn chải lông mềm và chỉ nha khoa.</p>',
  },
  {
    specialty: 'NOI',
    title: 'Mệt mỏi, sụt cân không rõ nguyên nhân',
    content: 'Tôi sụt 4 kg trong {d}, ăn vẫn bình thường, hay mệt. Tôi nên khám gì?',
    answer:
      '<p>Chào bạn, sụt cân không chủ ý cần được kiểm tra: <strong>xét nghiệm máu tổng quát, đường huyết, chức năng tuyến giáp</strong>, siêu âm bụng. Bạn nên khám Nội tổng quát sớm.</p>',
  },
];

const DURATIONS = ['3 ngày', '1 tuần', '2 tuần', 'gần 1 tháng', 'khoảng 2 tháng', 'nửa năm'];
const REJECT_REASONS = [
  'Câu hỏi cần khám trực tiếp để bác sĩ đánh giá. Vui lòng đặt lịch khám.',
  'Câu hỏi trùng với câu hỏi bạn đã gửi trước đó.',
  'Nội dung không liên quan đến sức khoẻ.',
];
const COMMENTS = ['Nhờ BS xem giúp, bệnh nhân hỏi lần 2.', 'Đã chuyển khoa phụ trách.', 'Cần bổ sung ảnh kết quả xét nghiệm.'];

export const DEMO_QUESTION_COUNT = 320;

type Asker = { userId: number; name: string; gender: string; birth: string };
const ageOf = (birth: string, now: Date) => Math.max(1, now.getUTCFullYear() - Number(birth.slice(0, 4)));

/** The i-th asker of the pool who fits the question (its gender and age range), or the i-th when none fits. */
function pickAsker(pool: Asker[], who: Who | undefined, i: number, now: Date): Asker {
  if (!who) return pool[i % pool.length]!;
  for (let k = 0; k < pool.length; k += 1) {
    const a = pool[(i + k) % pool.length]!;
    const age = ageOf(a.birth, now);
    if ((!who.gender || a.gender === who.gender) && age >= who.min && age <= who.max) return a;
  }
  return pool[i % pool.length]!;
}

export async function seedDemoQuestions(ex: Executor, facilityId: number, now: Date): Promise<void> {
  const specialties = new Map(
    (await rows<{ id: number; code: string }>(ex, sql`SELECT id, code FROM specialties WHERE facility_id = ${facilityId}`)).map((s) => [s.code, s.id]),
  );
  const doctorsBySpecialty = new Map<number, number[]>();
  for (const d of await rows<{ doctorId: number; specialtyId: number }>(
    ex,
    sql`SELECT ds.doctor_id AS "doctorId", ds.specialty_id AS "specialtyId" FROM doctor_specialties ds
        JOIN doctors d ON d.id = ds.doctor_id WHERE d.facility_id = ${facilityId} ORDER BY ds.doctor_id`,
  )) {
    doctorsBySpecialty.set(d.specialtyId, [...(doctorsBySpecialty.get(d.specialtyId) ?? []), d.doctorId]);
  }
  const anyDoctor = (await rows<{ id: number }>(ex, sql`SELECT id FROM doctors WHERE facility_id = ${facilityId} ORDER BY id LIMIT 1`))[0]?.id;
  const askers = await rows<Asker>(
    ex,
    sql`SELECT u.id AS "userId", p.full_name AS name, p.gender, p.birth_date::text AS birth FROM patient_users u
        JOIN medical_profiles p ON p.facility_id = u.facility_id AND p.user_id = u.id AND p.relationship = 'SELF'
        WHERE u.facility_id = ${facilityId} AND NOT u.locked ORDER BY u.id LIMIT ${DEMO_QUESTION_COUNT}`,
  );
  const [mod] = await rows<{ id: number }>(ex, sql`SELECT id FROM accounts WHERE facility_id = ${facilityId} AND username = 'admin'`);
  if (!askers.length || anyDoctor === undefined || !mod) return;
  const answers = new Map(T.map((t) => [t, sanitizeRichText(t.answer)]));
  const HOUR = 3_600_000;
  const values = [];
  for (let i = 0; i < DEMO_QUESTION_COUNT; i += 1) {
    const t = T[(i * 7) % T.length]!;
    const who = pickAsker(askers, t.who, i, now);
    const specialtyId = i % 17 === 0 ? null : (specialties.get(t.specialty) ?? null);
    const doctors = specialtyId === null ? [] : (doctorsBySpecialty.get(specialtyId) ?? []);
    const doctorId = doctors.length ? doctors[i % doctors.length]! : anyDoctor;
    // oldest first (ids grow with time): from 60 days ago to an hour ago
    const asked = new Date(now.getTime() - (60 * 24 - Math.floor((i * 60 * 24) / DEMO_QUESTION_COUNT)) * HOUR + (i % 5) * 600_000);
    const ageDays = (now.getTime() - asked.getTime()) / (24 * HOUR);
    const r = (i * 37) % 100;
    // recent ones still wait; older ones are mostly answered
    const status =
      ageDays < 1.5
        ? r < 70
          ? 'NEW'
          : 'ACCEPTED'
        : ageDays < 4
          ? r < 25
            ? 'NEW'
            : r < 45
              ? 'ACCEPTED'
              : r < 92
                ? 'ANSWERED'
                : 'REJECTED'
          : r < 80
            ? 'ANSWERED'
            : r < 90
              ? 'REJECTED'
              : r < 95
                ? 'HIDDEN'
                : 'ACCEPTED';
    const answered = status === 'ANSWERED' || status === 'HIDDEN';
    const answerHours = 2 + ((i * 13) % 70);
    const answeredAt = answered ? new Date(Math.min(asked.getTime() + answerHours * HOUR, now.getTime() - HOUR)) : null;
    const age = ageOf(who.birth, now);
    const content = t.content.replace('{d}', DURATIONS[i % DURATIONS.length]!);
    const a = answers.get(t)!;
    values.push(
      sql`(${facilityId}, ${who.userId}, ${who.name}, ${who.gender}, ${age}, ${t.title}, ${content}, ${specialtyId},
        ${status === 'NEW' ? null : doctorId}, ${status}, ${i % 19 === 3}, ${status === 'REJECTED' ? REJECT_REASONS[i % REJECT_REASONS.length]! : null},
        ${answered ? a.html : null}, ${answered ? a.text : null}, ${answeredAt?.toISOString() ?? null}::timestamptz, ${answered ? mod.id : null},
        ${answeredAt?.toISOString() ?? null}::timestamptz, ${status === 'NEW' ? null : new Date(asked.getTime() + HOUR).toISOString()}::timestamptz,
        ${status === 'NEW' ? null : mod.id}, ${normalizeText(`${t.title} ${content}`)}, ${asked.toISOString()}::timestamptz,
        ${(answeredAt ?? asked).toISOString()}::timestamptz)`,
    );
  }
  const ids = await rows<{ id: number; status: string }>(
    ex,
    sql`INSERT INTO questions (facility_id, patient_user_id, asker_name, asker_gender, asker_age, title, content, specialty_id, doctor_id, status,
          sensitive, reject_reason, answer_html, answer_text, answered_at, answered_by, answer_updated_at, accepted_at, accepted_by, search_text,
          created_at, updated_at)
        VALUES ${sql.join(values, sql`, `)} RETURNING id, status`,
  );
  const commented = ids.filter((_q, i) => i % 11 === 0);
  if (commented.length) {
    await ex.execute(
      sql`INSERT INTO question_comments (facility_id, question_id, account_id, text, created_at)
          VALUES ${sql.join(
            commented.map((q, i) => sql`(${facilityId}, ${q.id}, ${mod.id}, ${COMMENTS[i % COMMENTS.length]!}, now())`),
            sql`, `,
          )}`,
    );
    await ex.execute(
      sql`UPDATE questions SET comment_count = 1 WHERE facility_id = ${facilityId} AND id = ANY(${sql.param(commented.map((q) => q.id))}::int[])`,
    );
  }
}
