import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { rows } from '../../core/sql';

/** A browser subscription's keys for the demo (the recording channel never uses them). */
const DEMO_WEB_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/**
 * The patient app's demo (issue 17): devices for the first patient accounts with a phone (Android, iPhone and a
 * browser in turn, some with two), which the recording channel "pushes" to; and a few advertising refusals: two
 * accounts refuse SMS advertising (an advertising SMS batch skips their numbers), one refuses push and Zalo.
 */
export async function seedDemoPatientApp(ex: Executor, facilityId: number, now: Date): Promise<void> {
  const users = await rows<{ id: number }>(
    ex,
    sql`SELECT id FROM patient_users WHERE facility_id = ${facilityId} AND phone IS NOT NULL AND NOT locked ORDER BY id LIMIT 18`,
  );
  const platforms = ['ANDROID', 'IOS', 'WEB'] as const;
  for (const [i, u] of users.entries()) {
    const devices = i % 4 === 0 ? [platforms[i % 3]!, platforms[(i + 1) % 3]!] : [platforms[i % 3]!];
    for (const [j, platform] of devices.entries()) {
      const seen = new Date(now.getTime() - (i * 7 + j * 3) * 3_600_000).toISOString();
      const token =
        platform === 'WEB'
          ? `https://fcm.googleapis.com/fcm/send/demo-${facilityId}-${u.id}-${j}`
          : `demo-${platform.toLowerCase()}-${facilityId}-${u.id}-${j}:APA91b${String(u.id * 7919 + j).padStart(12, '0')}`;
      await ex.execute(
        sql`INSERT INTO patient_devices (facility_id, user_id, platform, token, keys, created_at, last_seen_at)
            VALUES (${facilityId}, ${u.id}, ${platform}, ${token}, ${platform === 'WEB' ? JSON.stringify(DEMO_WEB_KEYS) : null}::jsonb,
              ${seen}::timestamptz - interval '30 days', ${seen}::timestamptz)`,
      );
    }
  }
  const refusals: { index: number; channels: string[] }[] = [
    { index: 3, channels: ['SMS'] },
    { index: 8, channels: ['SMS'] },
    { index: 5, channels: ['PUSH', 'ZALO'] },
  ];
  for (const r of refusals) {
    const u = users[r.index];
    if (!u) continue;
    for (const channel of r.channels) {
      await ex.execute(sql`INSERT INTO patient_notify_prefs (facility_id, user_id, channel, advertising) VALUES (${facilityId}, ${u.id}, ${channel}, false)`);
    }
  }
}
