/**
 * The notification channels: one interface (channel.ts), one adapter per provider, and the fake providers the
 * tests and the benchmark start. `createChannel` builds the adapter a channel's stored settings name.
 */
import type { Channel } from './channel';
import { FcmChannel, type FcmSettings } from './fcm';
import { EsmsChannel, type EsmsSettings } from './sms-brandname';
import { WebPushChannel, type WebPushSettings } from './webpush';
import { ZaloZnsChannel, type ZaloZnsSettings } from './zalo-zns';

export * from './channel';
export { FcmChannel, type FcmServiceAccount, type FcmSettings } from './fcm';
export { EsmsChannel, type EsmsSettings, verifyEsmsCallback } from './sms-brandname';
export { RecordChannel } from './record';
export { WebPushChannel, type WebPushSettings } from './webpush';
export { verifyZaloWebhook, type ZaloTokens, ZaloZnsChannel, type ZaloZnsSettings } from './zalo-zns';

export type ChannelSettings =
  | ({ kind: 'FCM' } & FcmSettings)
  | ({ kind: 'WEBPUSH' } & WebPushSettings)
  | ({ kind: 'SMS'; provider: 'ESMS' } & EsmsSettings)
  | ({ kind: 'ZALO_ZNS' } & ZaloZnsSettings);

export function createChannel(settings: ChannelSettings): Channel {
  switch (settings.kind) {
    case 'FCM':
      return new FcmChannel(settings);
    case 'WEBPUSH':
      return new WebPushChannel(settings);
    case 'SMS':
      return new EsmsChannel(settings);
    case 'ZALO_ZNS':
      return new ZaloZnsChannel(settings);
  }
}
