import { sql } from 'drizzle-orm';
import type { AudienceFilters } from '@portal/shared/rules/audience';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';
import { audienceWhere } from '../../modules/notifications/audience';
import { enqueueCampaign } from '../../modules/notifications/groups.job';

interface DemoGroup {
  title: string;
  content: string;
  kind: 'CARE' | 'ADVERTISING';
  linkType: string;
  linkValue: string | null;
  audience: AudienceFilters;
}

const SENT: DemoGroup = {
  title: 'Khám sức khoẻ miễn phí cho người cao tuổi',
  content:
    'Nhân Ngày Quốc tế Người cao tuổi, Bệnh viện Đa khoa An Phúc khám sức khoẻ và đo loãng xương miễn phí cho người từ 60 tuổi vào sáng thứ Bảy. Đặt lịch trên ứng dụng để không phải chờ.',
  kind: 'CARE',
  linkType: 'PRICE_LIST',
  linkValue: null,
  audience: { ageFrom: 60 },
};
const SCHEDULED: DemoGroup = {
  title: 'Tiêm phòng cúm mùa cho phụ nữ chuẩn bị mang thai',
  content: 'Bệnh viện có vắc xin cúm mùa 4 chủng. Tiêm trước khi mang thai ít nhất 1 tháng để bảo vệ mẹ và bé. Đặt lịch tiêm trên ứng dụng.',
  kind: 'ADVERTISING',
  linkType: 'URL',
  linkValue: 'https://benhviendakhoaanphuc.vn/tiem-chung',
  audience: { gender: 'FEMALE', ageFrom: 18, ageTo: 40, provinceCode: '01' },
};
const DRAFT: DemoGroup = {
  title: 'Ưu đãi gói khám sức khoẻ tiền hôn nhân',
  content: 'Giảm 20% gói khám sức khoẻ tiền hôn nhân cho các cặp đôi đăng ký trong tháng này. Tư vấn miễn phí với bác sĩ sản khoa và nam khoa.',
  kind: 'ADVERTISING',
  linkType: 'NONE',
  linkValue: null,
  audience: { ageFrom: 20, ageTo: 35 },
};

async function insertGroup(
  ex: Executor,
  facilityId: number,
  adminId: number | null,
  g: DemoGroup,
  at: string,
  extra: Record<string, unknown>,
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO notification_groups (facility_id, title, content, link_type, link_value, kind, audience, search_text, status, scheduled_at,
          started_at, finished_at, recipients, created_by, updated_by, created_at, updated_at)
        VALUES (${facilityId}, ${g.title}, ${g.content}, ${g.linkType}, ${g.linkValue}, ${g.kind}, ${JSON.stringify(g.audience)}::jsonb,
          ${normalizeText(`${g.title} ${g.content}`)}, ${String(extra.status)}, ${(extra.scheduledAt as string | undefined) ?? null}::timestamptz,
          ${(extra.startedAt as string | undefined) ?? null}::timestamptz, ${(extra.finishedAt as string | undefined) ?? null}::timestamptz,
          ${(extra.recipients as number | undefined) ?? null}, ${adminId}, ${adminId}, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  return row!.id;
}

/**
 * The notification groups screen's demo (issue 17): a campaign sent three days ago to the patients of 60 and over
 * with its delivery results (most received, some opened, a few failed on a device no longer registered), an
 * advertising one scheduled for tomorrow 08:00 to the young women of Hà Nội (its job queued), and a draft.
 * Deterministic: the outcome of each message follows the account's id.
 */
export async function seedDemoNotificationGroups(ex: Executor, facilityId: number, now: Date): Promise<void> {
  const [admin] = await rows<{ id: number }>(ex, sql`SELECT id FROM accounts WHERE facility_id = ${facilityId} AND username = 'admin'`);
  const adminId = admin?.id ?? null;
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

  // oldest first: the list shows the newest first by id, as real ones are made
  const sentAt = hours(-72);
  const sentId = await insertGroup(ex, facilityId, adminId, SENT, hours(-73), { status: 'SENDING', scheduledAt: sentAt, startedAt: sentAt });
  await ex.execute(
    sql`INSERT INTO notifications (facility_id, user_id, group_id, title, body, link, kind, status, channel, attempts, error, not_before,
          sent_at, delivered_at, read_at, created_by, created_at)
        SELECT ${facilityId}, u.id, ${sentId}, ${SENT.title}, ${SENT.content}, 'price-list', ${SENT.kind},
          CASE WHEN u.id % 17 = 0 THEN 'FAILED' WHEN u.id % 3 = 0 THEN 'OPENED' ELSE 'DELIVERED' END,
          CASE WHEN u.id % 2 = 0 THEN 'PUSH' ELSE 'INBOX' END, 1,
          CASE WHEN u.id % 17 = 0 THEN 'Thiết bị không còn đăng ký nhận thông báo (FCM: UNREGISTERED)' END,
          ${sentAt}::timestamptz,
          CASE WHEN u.id % 17 = 0 THEN NULL ELSE ${sentAt}::timestamptz + (u.id % 50) * interval '1 second' END,
          CASE WHEN u.id % 17 = 0 THEN NULL ELSE ${sentAt}::timestamptz + (u.id % 50 + 3) * interval '1 second' END,
          CASE WHEN u.id % 3 = 0 AND u.id % 17 <> 0 THEN ${sentAt}::timestamptz + (u.id % 600) * interval '1 minute' END,
          ${adminId}, ${sentAt}::timestamptz
        FROM patient_users u WHERE ${audienceWhere(facilityId, SENT.audience, now)}`,
  );
  await ex.execute(
    sql`UPDATE notification_groups SET status = 'SENT', finished_at = ${hours(-71.9)}::timestamptz,
          recipients = (SELECT count(*) FROM notifications WHERE facility_id = ${facilityId} AND group_id = ${sentId})
        WHERE facility_id = ${facilityId} AND id = ${sentId}`,
  );

  // tomorrow 08:00 (+07:00), inside the advertising hours
  const tomorrow8 = new Date(`${addDays(todayVn(now), 1)}T08:00:00+07:00`);
  const scheduledId = await insertGroup(ex, facilityId, adminId, SCHEDULED, hours(-2), { status: 'SCHEDULED', scheduledAt: tomorrow8.toISOString() });
  await enqueueCampaign(ex, facilityId, scheduledId, tomorrow8);

  await insertGroup(ex, facilityId, adminId, DRAFT, hours(-1), { status: 'DRAFT' });
}
