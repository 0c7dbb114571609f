import { and, eq } from 'drizzle-orm';
import type { NotifyChannel, NotifyProvider } from '@portal/shared/contracts/notify-channels.contract';
import type { Config } from '../../config';
import type { AppContext } from '../../core/context';
import { TtlCache } from '../../core/ttl-cache';
import { notifyChannelSettings } from '../../db/schema';
import {
  type Channel,
  type ChannelKind,
  createChannel,
  EsmsChannel,
  failed,
  type OutgoingMessage,
  RecordChannel,
  type SendOutcome,
  type ZaloTokens,
} from '../notify/channels';
import { smsCallbackUrl, smsChannel } from '../sms/sms.channel';
import { decryptSecrets, encryptSecrets, type Secrets, secretKey } from '../../core/secrets';

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

/** The facility's SMS channel as the SMS module sends through it (the batch decides on diacritics). */
export interface FacilitySms {
  provider: 'RECORD' | 'ESMS';
  brandname: string | null;
  recording: boolean;
  channel(unicode: boolean): Channel;
  /** The provider's balance, or null (recording, or no answer). */
  balance(): Promise<number | null>;
}

interface Loaded {
  push: Channel;
  webpush: Channel;
  zalo: Channel;
  sms: FacilitySms;
  recording: FacilityChannels['recording'];
}

/**
 * A channel whose stored secrets cannot be read (the server lost or changed NOTIFY_SECRET_KEY): every message waits
 * as an account problem the screen shows, rather than being "delivered" by recording or sent with no credentials.
 */
class UnreadableChannel implements Channel {
  constructor(readonly kind: ChannelKind) {}
  async send(messages: OutgoingMessage[]): Promise<SendOutcome[]> {
    return messages.map((m) =>
      failed(m.id, {
        status: 'FAILED',
        failure: 'ACCOUNT',
        reason: 'Máy chủ không đọc được thông tin bí mật của nhà cung cấp (thiếu hoặc sai NOTIFY_SECRET_KEY); vui lòng lưu lại cấu hình kênh',
        providerCode: 'SECRET_KEY',
      }),
    );
  }
}

/** Built channels per facility, for a short while: a Zalo channel keeps its access token between sends. */
const CACHE_MS = 30_000;
const caches = new WeakMap<Config, TtlCache<Loaded>>();
const cacheOf = (config: Config) => {
  const found = caches.get(config);
  if (found) return found;
  const made = new TtlCache<Loaded>(CACHE_MS, 1000);
  caches.set(config, made);
  return made;
};

/** Forgets the built channels (a channel's settings were saved): this instance uses the new ones at once, others within 30 s. */
export function dropChannelCache(config: Config): void {
  caches.get(config)?.clear();
}

/** The stored row of a channel, its secrets decrypted (null: none stored, or unreadable → `unreadable`). */
export interface StoredChannel {
  provider: NotifyProvider;
  settings: Record<string, string | boolean>;
  secrets: Secrets | null;
  unreadable: boolean;
}

export async function storedChannels(ctx: Pick<AppContext, 'config' | 'database'>, facilityId: number): Promise<Map<NotifyChannel, StoredChannel>> {
  const rows = await ctx.database.db.select().from(notifyChannelSettings).where(eq(notifyChannelSettings.facilityId, facilityId));
  const key = secretKey(ctx.config);
  const out = new Map<NotifyChannel, StoredChannel>();
  for (const r of rows) {
    const secrets = r.secrets && key ? decryptSecrets(key, facilityId, r.channel, r.secrets) : null;
    out.set(r.channel as NotifyChannel, {
      provider: r.provider as NotifyProvider,
      settings: (r.settings ?? {}) as Record<string, string | boolean>,
      secrets,
      unreadable: r.secrets !== null && secrets === null,
    });
  }
  return out;
}

const str = (v: unknown) => (typeof v === 'string' ? v : String(v ?? ''));

function envSms(config: Config): FacilitySms {
  return {
    provider: config.SMS_PROVIDER,
    brandname: config.SMS_BRANDNAME ?? null,
    recording: config.SMS_PROVIDER === 'RECORD',
    channel: (unicode) => smsChannel(config, unicode),
    balance: async () => {
      if (config.SMS_PROVIDER !== 'ESMS') return null;
      const r = await (smsChannel(config, false) as EsmsChannel).balance();
      return r.ok ? r.balance : null;
    },
  };
}

function build(ctx: Pick<AppContext, 'config' | 'database'>, facilityId: number, stored: Map<NotifyChannel, StoredChannel>): Loaded {
  const { config } = ctx;
  const real = (ch: NotifyChannel, provider: NotifyProvider) => {
    const s = stored.get(ch);
    return s && s.provider === provider ? s : null;
  };
  const recording = { push: true, webpush: true, zalo: true, sms: true };

  let push: Channel = new RecordChannel('FCM');
  const fcm = real('PUSH', 'FCM');
  if (fcm) {
    recording.push = false;
    if (!fcm.secrets) push = new UnreadableChannel('FCM');
    else {
      const sa = JSON.parse(str(fcm.secrets.serviceAccount)) as Record<string, string>;
      push = createChannel({
        kind: 'FCM',
        serviceAccount: {
          project_id: sa.project_id!,
          client_email: sa.client_email!,
          private_key: sa.private_key!,
          token_uri: sa.token_uri ?? 'https://oauth2.googleapis.com/token',
        },
        baseUrl: config.FCM_BASE_URL,
      });
    }
  }

  let webpush: Channel = new RecordChannel('WEBPUSH');
  const wp = real('WEBPUSH', 'WEBPUSH');
  if (wp) {
    recording.webpush = false;
    webpush = wp.secrets
      ? createChannel({
          kind: 'WEBPUSH',
          vapid: { subject: str(wp.settings.subject), publicKey: str(wp.settings.publicKey), privateKey: str(wp.secrets.privateKey) },
        })
      : new UnreadableChannel('WEBPUSH');
  }

  let zalo: Channel = new RecordChannel('ZALO_ZNS');
  const zns = real('ZALO', 'ZALO_ZNS');
  if (zns) {
    recording.zalo = false;
    const s = zns.secrets;
    zalo = s
      ? createChannel({
          kind: 'ZALO_ZNS',
          appId: str(zns.settings.appId),
          appSecret: str(s.appSecret),
          oaSecretKey: str(s.oaSecretKey),
          tokens: {
            refreshToken: str(s.refreshToken),
            accessToken: s.accessToken ? str(s.accessToken) : undefined,
            accessTokenExpiresAt: s.accessTokenExpiresAt ? Number(s.accessTokenExpiresAt) : undefined,
          },
          // Zalo's refresh token works once: the new pair is stored before it is used again
          onTokens: (t) => saveZaloTokens(ctx, facilityId, t),
        })
      : new UnreadableChannel('ZALO_ZNS');
  }

  let sms = envSms(config);
  const esms = real('SMS', 'ESMS');
  if (esms) {
    const s = esms.secrets;
    const make = (unicode: boolean): Channel =>
      s
        ? new EsmsChannel({
            apiKey: str(s.apiKey),
            secretKey: str(s.secretKey),
            brandname: str(esms.settings.brandname),
            sandbox: esms.settings.sandbox === true,
            baseUrl: config.ESMS_BASE_URL,
            unicode,
            callbackUrl: smsCallbackUrl(config),
          })
        : new UnreadableChannel('SMS');
    sms = {
      provider: 'ESMS',
      brandname: str(esms.settings.brandname) || null,
      recording: false,
      channel: make,
      balance: async () => {
        const c = make(false);
        if (!(c instanceof EsmsChannel)) return null;
        const r = await c.balance();
        return r.ok ? r.balance : null;
      },
    };
  } else if (stored.get('SMS')?.provider === 'RECORD') {
    // the facility chose to record SMS, whatever the server's default
    sms = { provider: 'RECORD', brandname: null, recording: true, channel: () => new RecordChannel('SMS'), balance: async () => null };
  }
  recording.sms = sms.recording;
  return { push, webpush, zalo, sms, recording };
}

async function saveZaloTokens(ctx: Pick<AppContext, 'config' | 'database'>, facilityId: number, tokens: ZaloTokens): Promise<void> {
  const key = secretKey(ctx.config);
  if (!key) return;
  await ctx.database.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifyChannelSettings)
      .where(and(eq(notifyChannelSettings.facilityId, facilityId), eq(notifyChannelSettings.channel, 'ZALO')))
      .for('update');
    if (!row?.secrets || row.provider !== 'ZALO_ZNS') return;
    const current = decryptSecrets(key, facilityId, 'ZALO', row.secrets);
    if (!current) return;
    const next = { ...current, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, accessTokenExpiresAt: tokens.accessTokenExpiresAt };
    await tx
      .update(notifyChannelSettings)
      .set({ secrets: encryptSecrets(key, facilityId, 'ZALO', next) })
      .where(and(eq(notifyChannelSettings.facilityId, facilityId), eq(notifyChannelSettings.channel, 'ZALO')));
  });
}

async function load(ctx: Pick<AppContext, 'config' | 'database'>, facilityId: number): Promise<Loaded> {
  const cache = cacheOf(ctx.config);
  const key = String(facilityId);
  const hit = cache.get(key);
  if (hit) return hit;
  const generation = cache.generation;
  const loaded = build(ctx, facilityId, await storedChannels(ctx, facilityId));
  cache.set(key, loaded, { generation });
  return loaded;
}

/**
 * The facility's channels: the provider each channel's settings name (notify_channel_settings, secrets decrypted with
 * NOTIFY_SECRET_KEY), else recording in the database (a fresh install works with no account anywhere); SMS without
 * settings follows the server's SMS configuration. Notifications keep their text without diacritics on SMS (what
 * brandname routes take), so the SMS adapter sends GSM-7.
 */
export async function facilityChannels(ctx: Pick<AppContext, 'config' | 'database'>, facilityId: number): Promise<FacilityChannels> {
  const l = await load(ctx, facilityId);
  return { push: l.push, webpush: l.webpush, zalo: l.zalo, sms: l.sms.channel(false), recording: l.recording };
}

/** The facility's SMS provider (its settings, else the server's SMS configuration). */
export async function facilitySms(ctx: Pick<AppContext, 'config' | 'database'>, facilityId: number): Promise<FacilitySms> {
  return (await load(ctx, facilityId)).sms;
}
