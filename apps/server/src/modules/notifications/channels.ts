import type { AppContext } from '../../core/context';
import { type Channel, RecordChannel } from '../notify/channels';
import { smsChannel } from '../sms/sms.channel';

/** The channels an event may try, in the order its settings give (a campaign and a single push use PUSH alone). */
export const DELIVERY_CHANNELS = ['PUSH', 'ZALO', 'SMS'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * The adapters a facility sends through: FCM for the apps' tokens, Web Push for browsers' subscriptions, Zalo ZNS
 * and brandname SMS. `recording` tells which ones only record (no provider): what they take counts as delivered.
 */
export interface FacilityChannels {
  push: Channel;
  webpush: Channel;
  zalo: Channel;
  sms: Channel;
  recording: { push: boolean; webpush: boolean; zalo: boolean; sms: boolean };
}

/**
 * The facility's channels. Until a provider is set for a channel it records messages in the database (a fresh
 * install works with no account anywhere); SMS follows the server's SMS configuration. Notifications keep their
 * text without diacritics on SMS (what brandname routes take), so the SMS adapter sends GSM-7.
 */
export async function facilityChannels(ctx: AppContext, _facilityId: number): Promise<FacilityChannels> {
  return {
    push: new RecordChannel('FCM'),
    webpush: new RecordChannel('WEBPUSH'),
    zalo: new RecordChannel('ZALO_ZNS'),
    sms: smsChannel(ctx.config, false),
    recording: { push: true, webpush: true, zalo: true, sms: ctx.config.SMS_PROVIDER === 'RECORD' },
  };
}
