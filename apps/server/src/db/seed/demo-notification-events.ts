import { sql } from 'drizzle-orm';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '@portal/shared/rules/message-template';
import type { Executor } from '../../core/db';

/** The Zalo ZNS template ids the demo hospital "registered" for its events (what the events tab shows). */
export const DEMO_ZALO_TEMPLATE_IDS: Readonly<Record<NotificationEvent, string>> = {
  BOOKING_ACCEPTED: '301245',
  BOOKING_REJECTED: '301246',
  VISIT_REMINDER: '301247',
  RESULT_READY: '301248',
  PASSWORD_RESET: '301249',
  QUESTION_ANSWERED: '301250',
  QUESTION_REJECTED: '301251',
  FEEDBACK_REPLIED: '301252',
  MEDICINE_REMINDER: '301253',
};

/**
 * The events' settings of the demo hospital, stored (issue 17): every event switched on with the catalogue's title
 * and default template, tried on the app, then Zalo, then SMS; a password reset goes by SMS first (the patient who
 * lost the password may not be signed in on the app).
 */
export async function seedDemoNotificationEvents(ex: Executor, facilityId: number): Promise<void> {
  for (const e of NOTIFICATION_EVENTS) {
    const channels = e.event === 'PASSWORD_RESET' ? ['SMS', 'ZALO'] : ['PUSH', 'ZALO', 'SMS'];
    await ex.execute(
      sql`INSERT INTO notification_events (facility_id, event, enabled, title, template, channels, zalo_template_id)
          VALUES (${facilityId}, ${e.event}, true, ${e.label}, ${e.defaultTemplate}, ${sql.param(channels)}::text[], ${DEMO_ZALO_TEMPLATE_IDS[e.event]})
          ON CONFLICT (facility_id, event) DO NOTHING`,
    );
  }
}
