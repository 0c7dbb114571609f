/**
 * One interface for every way the product reaches a patient (issue 17, part 1): push to the apps (FCM HTTP v1),
 * push to the patient web (Web Push), brandname SMS and Zalo ZNS. The sending job hands a channel a batch of
 * messages and gets back one outcome per message, in the same order, already classified so the job knows what
 * to do next without knowing the provider:
 *
 *   SENT               the provider took the message; `providerMessageId` ties later delivery reports to it.
 *   RETRYABLE          try again later (timeout, network, 5xx, 429); `retryAfterMs` when the provider said how long.
 *   RECIPIENT_INVALID  this address will never work on this channel (FCM UNREGISTERED, Web Push 404/410, an
 *                      invalid phone number, a phone without Zalo): drop the token / subscription and fall back
 *                      to the next channel of the event's order.
 *   ACCOUNT            our account at the provider is the problem (credentials, balance, brandname, daily quota):
 *                      nothing is wrong with the message or the recipient, so the job pauses the channel and keeps
 *                      the message queued; the screen shows `reason`.
 *   PERMANENT          the provider refused this message as it is (bad request, template not approved): retrying
 *                      the same message cannot help.
 *
 * Adapters never throw from `send`: a provider that is down gives RETRYABLE outcomes, so no message is lost.
 */

export type ChannelKind = 'FCM' | 'WEBPUSH' | 'SMS' | 'ZALO_ZNS';

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Who receives the message: the shape each channel needs (an FCM token, a browser subscription, a phone). */
export type Recipient = { token: string } | { subscription: WebPushSubscription } | { phone: string };

export interface OutgoingMessage {
  /** Our idempotency key (campaign + recipient): sent as the provider's request or tracking id where it has one. */
  id: string;
  to: Recipient;
  title?: string;
  body: string;
  imageUrl?: string;
  /** Deep link into the patient app or web (a news article, a booking, the price list). */
  link?: string;
  /** Extra key/values for the app (push channels only). */
  data?: Record<string, string>;
  /** Zalo ZNS: the template registered with Zalo and its parameters. */
  templateId?: string;
  templateData?: Record<string, string | number>;
}

export type FailureKind = 'RETRYABLE' | 'RECIPIENT_INVALID' | 'ACCOUNT' | 'PERMANENT';

export type SendOutcome =
  | { messageId: string; status: 'SENT'; providerMessageId: string }
  | {
      messageId: string;
      status: 'FAILED';
      failure: FailureKind;
      /** Short Vietnamese text for the delivery screen. */
      reason: string;
      /** The provider's own code (HTTP status, FCM errorCode, eSMS CodeResult, Zalo error), for support. */
      providerCode: string;
      retryAfterMs?: number;
    };

export interface Channel {
  readonly kind: ChannelKind;
  send(messages: OutgoingMessage[]): Promise<SendOutcome[]>;
}

/** What a provider's webhook says about one message after it was sent. */
export interface DeliveryReport {
  channel: ChannelKind;
  providerMessageId: string;
  /** Our message id when the provider echoes it (eSMS RequestId, Zalo tracking_id). */
  messageId?: string;
  status: 'PENDING' | 'DELIVERED' | 'SEEN' | 'FAILED';
  at?: Date;
  reason?: string;
  providerCode?: string;
}

/** A failure outcome, with the message id filled in. */
export type Failure = Omit<Extract<SendOutcome, { status: 'FAILED' }>, 'messageId'>;

export function failed(messageId: string, f: Failure): SendOutcome {
  return { messageId, ...f };
}

export function sent(messageId: string, providerMessageId: string): SendOutcome {
  return { messageId, status: 'SENT', providerMessageId };
}
