import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@portal/shared';
import {
  CHANNEL_PROVIDERS,
  type ChannelRow,
  type channelSaveBody,
  fcmServiceAccount,
  NOTIFY_CHANNEL_AUTHORITY,
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  NOTIFY_KEY_MISSING,
  NOTIFY_PROVIDER_LABELS,
  type NotifyChannel,
  type NotifyProvider,
  PROVIDER_FIELDS,
  providerSecretSchemas,
  providerSettingsSchemas,
  ZALO_WEBHOOK_PATH,
} from '@portal/shared/contracts/notify-channels.contract';
import { webSubscription } from '@portal/shared/contracts/patient-app.contract';
import type { FieldError } from '@portal/shared/core/api';
import { normalizeMobile, validateMobile } from '@portal/shared/rules/identifiers';
import { grants } from '../../core/access';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { rows } from '../../core/sql';
import { notifyChannelSettings } from '../../db/schema';
import { type OutgoingMessage, type Recipient, verifyZaloWebhook } from '../notify/channels';
import { notificationIdOf } from './delivery';
import { applyReport } from './delivery.repository';
import { decryptSecrets, encryptSecrets, type Secrets, secretKey } from '../../core/secrets';
import { dropChannelCache, facilityChannels, facilitySms, storedChannels } from './channels';

const mayManage = (caller: Caller, channel: NotifyChannel) => grants(caller.authorities, NOTIFY_CHANNEL_AUTHORITY[channel]);

async function requireChannel(ctx: AppContext, caller: Caller, channel: NotifyChannel) {
  if (mayManage(caller, channel)) return;
  await audit(ctx.database.db, caller, {
    action: 'FORBIDDEN',
    entity: 'notify_channel',
    entityId: channel,
    after: { required: NOTIFY_CHANNEL_AUTHORITY[channel] },
  });
  throw forbidden(MSG.forbidden);
}

interface LastTest {
  at: string;
  ok: boolean;
  message: string;
}

async function rowsOf(ctx: AppContext, facilityId: number) {
  const found = await rows<{
    channel: NotifyChannel;
    provider: NotifyProvider;
    settings: Record<string, string | boolean> | null;
    secrets: string | null;
    status: { lastTest?: LastTest } | null;
    updated_at: Date | string;
    updated_by: string | null;
  }>(
    ctx.database.db,
    sql`SELECT s.channel, s.provider, s.settings, s.secrets, s.status, s.updated_at, a.username AS updated_by
        FROM notify_channel_settings s LEFT JOIN accounts a ON a.facility_id = s.facility_id AND a.id = s.updated_by
        WHERE s.facility_id = ${facilityId}`,
  );
  return new Map(found.map((r) => [r.channel, r]));
}

/** The secrets' keys that are stored for the row's provider (never their values). */
function secretsSet(ctx: AppContext, facilityId: number, channel: NotifyChannel, provider: NotifyProvider, sealed: string | null): string[] {
  const key = secretKey(ctx.config);
  if (!sealed || !key) return [];
  const s = decryptSecrets(key, facilityId, channel, sealed);
  if (!s) return [];
  return PROVIDER_FIELDS[provider].secrets.map((f) => f.key).filter((k) => s[k] !== undefined && s[k] !== '');
}

/** The channels the caller manages, each with its provider (RECORD without a row; SMS then follows the server's configuration). */
export async function list(ctx: AppContext, caller: Caller): Promise<ChannelRow[]> {
  const stored = await rowsOf(ctx, caller.facilityId);
  const out: ChannelRow[] = [];
  for (const channel of NOTIFY_CHANNELS) {
    if (!mayManage(caller, channel)) continue;
    const r = stored.get(channel);
    let provider: NotifyProvider = r?.provider ?? 'RECORD';
    let settings = r?.settings ?? {};
    if (!r && channel === 'SMS') {
      // no choice of the facility: the server's SMS configuration
      const sms = await facilitySms(ctx, caller.facilityId);
      provider = sms.provider;
      settings = sms.brandname ? { brandname: sms.brandname } : {};
    }
    out.push({
      channel,
      label: NOTIFY_CHANNEL_LABELS[channel],
      provider,
      settings,
      secretsSet: r ? secretsSet(ctx, caller.facilityId, channel, provider, r.secrets) : [],
      lastTest: r?.status?.lastTest ?? null,
      updatedAt: r ? new Date(r.updated_at).toISOString() : null,
      updatedBy: r?.updated_by ?? null,
      keyConfigured: secretKey(ctx.config) !== null,
      webhookPath: channel === 'ZALO' ? `${ZALO_WEBHOOK_PATH}/${caller.facilityId}` : null,
    });
  }
  return out;
}

const issuesAt = (prefix: string, error: z.ZodError): FieldError[] =>
  error.issues.map((i) => ({ field: [prefix, ...i.path.map(String)].join('.'), message: i.message }));

/**
 * Saves a channel's provider: the settings checked for that provider, each secret either typed again or kept from
 * the stored ones of the same provider, sealed with NOTIFY_SECRET_KEY (a real provider cannot be saved without it).
 * Audited without secrets; the facility's built channels are dropped so the next message uses the new provider.
 */
export async function save(ctx: AppContext, caller: Caller, channel: NotifyChannel, body: z.output<typeof channelSaveBody>): Promise<ChannelRow> {
  await requireChannel(ctx, caller, channel);
  const { provider } = body;
  if (!CHANNEL_PROVIDERS[channel].includes(provider)) {
    const message = `Kênh này dùng ${CHANNEL_PROVIDERS[channel].map((p) => NOTIFY_PROVIDER_LABELS[p]).join(' hoặc ')}`;
    throw badRequest(message, [{ field: 'provider', message }]);
  }
  const key = secretKey(ctx.config);
  if (provider !== 'RECORD' && !key) throw badRequest(NOTIFY_KEY_MISSING, [{ field: 'provider', message: NOTIFY_KEY_MISSING }]);

  const settingsParsed = providerSettingsSchemas[provider].safeParse(body.settings);
  const [before] = await ctx.database.db
    .select()
    .from(notifyChannelSettings)
    .where(and(eq(notifyChannelSettings.facilityId, caller.facilityId), eq(notifyChannelSettings.channel, channel)));
  const kept: Secrets =
    before && before.provider === provider && before.secrets && key ? (decryptSecrets(key, caller.facilityId, channel, before.secrets) ?? {}) : {};
  const fields = PROVIDER_FIELDS[provider].secrets.map((f) => f.key);
  const typed = Object.fromEntries(Object.entries(body.secrets).filter(([k, v]) => fields.includes(k) && v.trim() !== ''));
  const candidate = Object.fromEntries(fields.map((k) => [k, typed[k] ?? kept[k]]).filter(([, v]) => v !== undefined));
  const secretsParsed = providerSecretSchemas[provider].safeParse(candidate);
  const errors = [
    ...(settingsParsed.success ? [] : issuesAt('settings', settingsParsed.error)),
    ...(secretsParsed.success ? [] : issuesAt('secrets', secretsParsed.error)),
  ];
  if (errors.length) throw badRequest(errors[0]!.message, errors);

  let settings = settingsParsed.data as Record<string, string | boolean>;
  let secrets: Secrets | null = provider === 'RECORD' ? null : { ...(secretsParsed.data as Secrets) };
  if (provider === 'FCM' && secrets) {
    const sa = fcmServiceAccount.parse(JSON.parse(String(secrets.serviceAccount)));
    settings = { projectId: sa.project_id, clientEmail: sa.client_email };
  }
  if (provider === 'ZALO_ZNS' && secrets && kept.refreshToken === secrets.refreshToken) {
    // the same refresh token: keep the access token Zalo gave for it (and the rotated one, if any)
    secrets = { ...kept, ...secrets };
  }
  const sealed = secrets && key ? encryptSecrets(key, caller.facilityId, channel, secrets) : null;
  const view = (p: string, s: unknown, keys: string[]) => ({ provider: p, settings: s, secretsSet: keys });
  await ctx.database.transaction(async (tx) => {
    await tx
      .insert(notifyChannelSettings)
      .values({ facilityId: caller.facilityId, channel, provider, settings, secrets: sealed, updatedBy: caller.accountId })
      .onConflictDoUpdate({
        target: [notifyChannelSettings.facilityId, notifyChannelSettings.channel],
        set: { provider, settings, secrets: sealed, updatedBy: caller.accountId, updatedAt: sql`now()` },
      });
    await audit(tx, caller, {
      action: 'NOTIFY_CHANNEL_SAVED',
      entity: 'notify_channel',
      entityId: channel,
      before: before ? view(before.provider, before.settings, Object.keys(kept)) : null,
      // which secrets were typed again, never their values
      after: { ...view(provider, settings, secrets ? fields : []), secretsChanged: Object.keys(typed) },
    });
  });
  dropChannelCache(ctx.config);
  return (await list(ctx, caller)).find((r) => r.channel === channel)!;
}

const TEST_TEXT = 'Tin nhan thu tu he thong dat lich kham: kenh gui tin hoat dong binh thuong.';

function recipient(channel: NotifyChannel, to: string): Recipient {
  const invalid = (message: string) => badRequest(message, [{ field: 'to', message }]);
  if (channel === 'SMS' || channel === 'ZALO') {
    const problem = validateMobile(to);
    if (problem) throw invalid(problem);
    return { phone: normalizeMobile(to)! };
  }
  if (channel === 'PUSH') return { token: to };
  let parsed: unknown;
  try {
    parsed = JSON.parse(to);
  } catch {
    throw invalid('Đăng ký Web Push phải là JSON { endpoint, keys: { p256dh, auth } }');
  }
  const sub = webSubscription.safeParse(parsed);
  if (!sub.success) throw invalid(sub.error.issues[0]!.message);
  return { subscription: sub.data };
}

/** Sends one test message through the channel as the facility has it now, and keeps the outcome on the channel's row. */
export async function test(ctx: AppContext, caller: Caller, channel: NotifyChannel, to: string) {
  await requireChannel(ctx, caller, channel);
  const target = recipient(channel, to);
  dropChannelCache(ctx.config);
  const chans = await facilityChannels(ctx, caller.facilityId);
  const adapter = { PUSH: chans.push, WEBPUSH: chans.webpush, ZALO: chans.zalo, SMS: chans.sms }[channel];
  const recording = { PUSH: chans.recording.push, WEBPUSH: chans.recording.webpush, ZALO: chans.recording.zalo, SMS: chans.recording.sms }[channel];
  const message: OutgoingMessage = { id: `test-${caller.facilityId}-${Date.now()}`, to: target, title: 'Tin thử', body: TEST_TEXT };
  const [outcome] = await adapter.send([message]);
  const ok = outcome?.status === 'SENT';
  const text = ok
    ? recording
      ? 'Đã lưu tin thử trong hệ thống (kênh chưa kết nối nhà cung cấp nên tin không gửi ra ngoài)'
      : 'Nhà cung cấp đã nhận tin thử'
    : `Gửi thử không thành công: ${outcome && outcome.status === 'FAILED' ? outcome.reason : 'không có trả lời'}`;
  const lastTest: LastTest = { at: new Date().toISOString(), ok, message: text };
  await ctx.database.transaction(async (tx) => {
    // kept on the channel's row when the facility has one (without one, the channel follows the defaults: only the answer and the audit)
    await tx
      .update(notifyChannelSettings)
      .set({ status: { lastTest } })
      .where(and(eq(notifyChannelSettings.facilityId, caller.facilityId), eq(notifyChannelSettings.channel, channel)));
    await audit(tx, caller, {
      action: 'NOTIFY_CHANNEL_TEST',
      entity: 'notify_channel',
      entityId: channel,
      after: { ok, message: text, providerCode: outcome && outcome.status === 'FAILED' ? outcome.providerCode : null },
    });
  });
  return { ok, message: text, providerMessageId: ok && outcome.status === 'SENT' ? outcome.providerMessageId : null };
}

/**
 * A Zalo OA webhook call: verified with the facility's OA secret key (an unknown facility, no Zalo provider or a
 * wrong signature: 404, nothing said); a delivery or a reading moves the facility's notification on.
 */
export async function zaloReport(ctx: AppContext, facilityId: number, rawBody: string, signature: string | undefined): Promise<{ updated: number }> {
  const zalo = (await storedChannels(ctx, facilityId)).get('ZALO');
  if (zalo?.provider !== 'ZALO_ZNS' || !zalo.secrets) throw notFound();
  const checked = verifyZaloWebhook(rawBody, signature, { appId: String(zalo.settings.appId ?? ''), oaSecretKey: String(zalo.secrets.oaSecretKey ?? '') });
  if (!checked.verified) throw notFound();
  const report = checked.report;
  if (!report || (report.status !== 'DELIVERED' && report.status !== 'SEEN')) return { updated: 0 };
  const updated = await applyReport(ctx.database.db, {
    facilityId,
    id: notificationIdOf(report.messageId),
    providerMessageId: report.providerMessageId,
    status: report.status,
  });
  return { updated };
}
