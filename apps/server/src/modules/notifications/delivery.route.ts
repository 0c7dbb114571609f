import type { WebPushSubscription } from '../notify/channels';
import type { DeliveryChannel } from './channels';

/** How an account can be reached: its devices, its phone, the channels it refuses advertising on. */
export interface Reach {
  devices: { id: number; platform: string; token: string; keys: WebPushSubscription['keys'] | null }[];
  phone: string | null;
  optedOut: ReadonlySet<DeliveryChannel>;
}

/** A route through a channel. */
export type SendRoute =
  | { channel: 'PUSH'; devices: Reach['devices'] }
  | { channel: 'ZALO'; phone: string; templateId: string }
  | { channel: 'SMS'; phone: string };

export type Route =
  | SendRoute
  /** No channel of the order can carry it: the message stays in the app's inbox. */
  | { channel: 'NONE' }
  | { skip: string; code: string };

export const OPTED_OUT_REASON = 'Bệnh nhân đã từ chối nhận tin quảng cáo';
export const CAPPED_REASON = 'Đã nhận 1 tin quảng cáo trong 24 giờ qua';

export interface RouteInput {
  /** The channels in the order tried. */
  order: readonly DeliveryChannel[];
  reach: Reach;
  advertising: boolean;
  /** The account already got an advertisement in the last 24 hours (Nghị định 91/2020, the facility's cap). */
  cappedAdvertising: boolean;
  /** Zalo sends only templates registered with it: without one the event cannot use Zalo. */
  zaloTemplateId: string | null;
  /** Channels that already failed for this message. */
  excluded: ReadonlySet<DeliveryChannel>;
}

/**
 * The channel a message goes through: the first of its order that can reach the account (push: a device; Zalo: a
 * phone and the event's Zalo template; SMS: a phone), skipping those that failed already and, for an
 * advertisement, those the patient refused. An advertisement is skipped when the 24-hour cap is reached or the
 * patient refused every channel of its order; otherwise a message no channel can carry stays in the inbox.
 */
export function routeOf(input: RouteInput): Route {
  const { order, reach, advertising, excluded } = input;
  if (advertising && input.cappedAdvertising) return { skip: CAPPED_REASON, code: 'CAP_24H' };
  let refused = 0;
  for (const channel of order) {
    if (excluded.has(channel)) continue;
    if (advertising && reach.optedOut.has(channel)) {
      refused += 1;
      continue;
    }
    if (channel === 'PUSH' && reach.devices.length) return { channel, devices: reach.devices };
    if (channel === 'ZALO' && reach.phone && input.zaloTemplateId) return { channel, phone: reach.phone, templateId: input.zaloTemplateId };
    if (channel === 'SMS' && reach.phone) return { channel, phone: reach.phone };
  }
  if (advertising && refused > 0 && refused === order.length) return { skip: OPTED_OUT_REASON, code: 'OPTED_OUT' };
  return { channel: 'NONE' };
}
