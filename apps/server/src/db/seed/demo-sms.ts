import { sql } from 'drizzle-orm';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { smsSegments } from '@portal/shared/rules/sms';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';

/** The SMS templates a hospital starts with (care messages without diacritics: one GSM-7 part each, and one advertising). */
export const DEMO_SMS_TEMPLATES: readonly { code: string; name: string; kind: 'CARE' | 'ADVERTISING'; content: string }[] = [
  {
    code: 'NHAC_LICH',
    name: 'Nhắc lịch khám ngày mai',
    kind: 'CARE',
    content: 'Benh vien Da khoa An Phuc nhac ban co lich kham vao sang mai. Vui long den truoc 15 phut va mang theo CCCD, the BHYT.',
  },
  {
    code: 'CO_KET_QUA',
    name: 'Đã có kết quả xét nghiệm',
    kind: 'CARE',
    content: 'Benh vien Da khoa An Phuc: ket qua xet nghiem cua ban da co. Xem tren ung dung hoac nhan tai quay tra ket qua tang 1.',
  },
  {
    code: 'DOI_LICH',
    name: 'Bác sĩ đổi lịch',
    kind: 'CARE',
    content: 'Benh vien Da khoa An Phuc xin loi: bac si cua ban doi lich. Vui long goi tong dai 1900 6868 de dat lai gio kham.',
  },
  {
    code: 'KSK_TRON_GOI',
    name: 'Ưu đãi khám sức khoẻ tổng quát',
    kind: 'ADVERTISING',
    content: 'Uu dai thang nay: goi kham suc khoe tong quat giam 20% tai Benh vien Da khoa An Phuc. Dat lich qua ung dung. Tu choi: soan TC gui 8085',
  },
];

/**
 * The SMS screen's demo: the templates, and two batches sent through the recording channel (a reminder
 * yesterday evening to the patients of today's bookings, a results notice two days ago), all delivered.
 */
export async function seedDemoSms(ex: Executor, facilityId: number, now: Date): Promise<void> {
  for (const t of DEMO_SMS_TEMPLATES) {
    await ex.execute(
      sql`INSERT INTO sms_templates (facility_id, code, name, content, kind, search_text)
          VALUES (${facilityId}, ${t.code}, ${t.name}, ${t.content}, ${t.kind}, ${normalizeText(`${t.code} ${t.name} ${t.content}`)})`,
    );
  }
  const [admin] = await rows<{ id: number }>(ex, sql`SELECT id FROM accounts WHERE facility_id = ${facilityId} AND username = 'admin'`);
  const phones = (
    await rows<{ phone: string }>(
      ex,
      sql`SELECT DISTINCT phone FROM medical_profiles WHERE facility_id = ${facilityId} AND phone ~ '^0[35789][0-9]{8}$' ORDER BY phone LIMIT 40`,
    )
  ).map((r) => r.phone);
  if (!phones.length) return;
  const batches = [
    // oldest first: the log lists batches newest first by id, as real ones are made
    { template: DEMO_SMS_TEMPLATES[1]!, hoursAgo: 50, phones: phones.slice(20, 40) },
    { template: DEMO_SMS_TEMPLATES[0]!, hoursAgo: 14, phones: phones.slice(0, 25) },
  ];
  for (const b of batches) {
    const at = new Date(now.getTime() - b.hoursAgo * 3_600_000).toISOString();
    const seg = smsSegments(b.template.content);
    const [row] = await rows<{ id: number }>(
      ex,
      sql`INSERT INTO sms_batches (facility_id, content, kind, encoding, parts, recipients, cost, provider, not_before, created_by, created_at)
          VALUES (${facilityId}, ${b.template.content}, ${b.template.kind}, ${seg.encoding}, ${seg.parts}, ${b.phones.length},
            ${seg.parts * b.phones.length * 800}, 'RECORD', ${at}::timestamptz, ${admin?.id ?? null}, ${at}::timestamptz)
          RETURNING id::int AS id`,
    );
    await ex.execute(
      sql`INSERT INTO sms_messages (facility_id, batch_id, phone, status, attempts, provider_message_id, sent_at, delivered_at)
          SELECT ${facilityId}, ${row!.id}, p, 'DELIVERED', 1, 'REC-demo-' || ${row!.id} || '-' || p, ${at}::timestamptz + interval '2 seconds',
            ${at}::timestamptz + interval '5 seconds'
          FROM unnest(${sql.param(b.phones)}::text[]) p`,
    );
  }
}
