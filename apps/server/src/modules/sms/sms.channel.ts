import { SMS_WEBHOOK_PATH } from '@portal/shared/contracts/sms.contract';
import type { Config } from '../../config';
import { type Channel, EsmsChannel, RecordChannel } from '../notify/channels';

/** Names of the providers as the SMS screen shows them. */
export const SMS_PROVIDER_NAMES: Record<Config['SMS_PROVIDER'], string> = {
  RECORD: 'Lưu trong hệ thống (chưa kết nối nhà cung cấp)',
  ESMS: 'eSMS.vn',
};

/** The SMS channel of the configured provider; `unicode` when the text keeps its diacritics (UCS-2). */
export function smsChannel(config: Config, unicode: boolean): Channel {
  if (config.SMS_PROVIDER === 'RECORD') return new RecordChannel('SMS');
  return new EsmsChannel({
    apiKey: config.ESMS_API_KEY!,
    secretKey: config.ESMS_SECRET_KEY!,
    brandname: config.SMS_BRANDNAME!,
    baseUrl: config.ESMS_BASE_URL,
    sandbox: config.ESMS_SANDBOX,
    unicode,
    callbackUrl: smsCallbackUrl(config),
  });
}

/** Where eSMS reports each message's delivery: the public address and the secret token, or none. */
export function smsCallbackUrl(config: Config): string | undefined {
  if (!config.PUBLIC_URL || !config.SMS_CALLBACK_TOKEN) return undefined;
  return `${config.PUBLIC_URL.replace(/\/$/, '')}${SMS_WEBHOOK_PATH}?token=${encodeURIComponent(config.SMS_CALLBACK_TOKEN)}`;
}
