import { normalizePhone, validatePhone } from '@portal/shared/rules/identifiers';
import { type Channel, type DeliveryReport, type Failure, failed, type OutgoingMessage, type SendOutcome, sent } from './channel';
import { DEFAULT_CONCURRENCY, guarded, httpTrouble, mapLimit, parseJson, request, safeEqual, type TransportOptions } from './http';

/**
 * Brandname SMS through eSMS.vn (ViHAT), chosen because its HTTP API is fully public (no contract needed to read
 * it), JSON in and out, has a sandbox flag, takes our idempotency key as RequestId (a repeat is refused with 124,
 * not sent twice), reports the balance, and calls back with the final status of each message.
 *   Send (customer care, one request per message):
 *     https://developers.esms.vn/en/esms-api/send-sms-api/send-otp-customer-care-message
 *   Balance: https://developers.esms.vn/en/esms-api/retrive-and-register-functions/get-balance
 *   Error codes: https://developers.esms.vn/en/esms-api/table-of-error-codes
 *   Callback (HTTP GET with query parameters, no signature): https://developers.esms.vn/en/esms-api/callback-url
 * The callback carries no signature, so the CallbackUrl we give eSMS holds a secret token that the webhook route
 * compares in constant time (`verifyEsmsCallback`).
 */

export interface EsmsSettings extends TransportOptions {
  apiKey: string;
  secretKey: string;
  /** The registered sender name shown to the patient. */
  brandname: string;
  /** 2 = customer care (reminders, results: "care" messages); 1 = advertising goes through the campaign form. Default 2. */
  smsType?: '2';
  /** Send with diacritics (UCS-2, 70 characters a part). Default false: most brandname routes want plain text. */
  unicode?: boolean;
  /** eSMS checks the request but neither sends nor charges. */
  sandbox?: boolean;
  /** Default https://rest.esms.vn/MainService.svc/json. */
  baseUrl?: string;
  /** Our delivery-report route, including its secret token, e.g. https://host/api/notify/v1/webhooks/esms?token=... */
  callbackUrl?: string;
}

interface EsmsSendResult {
  CodeResult?: string;
  SMSID?: string;
  ErrorMessage?: string;
}

const fail = (failure: Failure['failure'], reason: string, providerCode: string): Failure => ({ status: 'FAILED', failure, reason, providerCode });

/** eSMS CodeResult → what the sending job does. Codes from the table of error codes cited above. */
export function classifyEsmsCode(code: string): Failure {
  switch (code) {
    case '99':
      return fail('RECIPIENT_INVALID', 'Số điện thoại đã bị chặn nhận tin nhắn', code);
    case '108':
      return fail('RECIPIENT_INVALID', 'Số điện thoại không đúng định dạng', code);
    case '177':
      return fail('RECIPIENT_INVALID', 'Brandname chưa được đăng ký với nhà mạng của số điện thoại này', code);
    case '101':
      return fail('ACCOUNT', 'Sai ApiKey hoặc SecretKey của eSMS', code);
    case '102':
      return fail('ACCOUNT', 'Tài khoản eSMS chưa có bảng giá', code);
    case '103':
      return fail('ACCOUNT', 'Tài khoản SMS không đủ số dư', code);
    case '104':
      return fail('ACCOUNT', 'Brandname chưa được đăng ký hoặc không đúng', code);
    case '140':
      return fail('ACCOUNT', 'Địa chỉ IP của máy chủ chưa được eSMS cho phép gửi', code);
    case '146':
      return fail('PERMANENT', 'Nội dung không khớp mẫu tin chăm sóc khách hàng đã đăng ký', code);
    case '118':
      return fail('PERMANENT', 'Loại tin nhắn không được hỗ trợ', code);
    default:
      return fail('PERMANENT', `eSMS từ chối tin nhắn (mã ${code})`, code);
  }
}

export class EsmsChannel implements Channel {
  readonly kind = 'SMS' as const;
  private readonly base: string;
  private readonly now: () => number;

  constructor(private readonly settings: EsmsSettings) {
    this.base = (settings.baseUrl ?? 'https://rest.esms.vn/MainService.svc/json').replace(/\/$/, '');
    this.now = settings.now ?? Date.now;
  }

  async send(messages: OutgoingMessage[]): Promise<SendOutcome[]> {
    return mapLimit(messages, this.settings.concurrency ?? DEFAULT_CONCURRENCY, (m) => guarded(m.id, () => this.sendOne(m)));
  }

  private async sendOne(m: OutgoingMessage): Promise<SendOutcome> {
    if (!('phone' in m.to)) return failed(m.id, fail('PERMANENT', 'Người nhận không có số điện thoại', 'NO_PHONE'));
    // Refuse locally what eSMS would refuse with 108: no request, no charge.
    if (validatePhone(m.to.phone)) return failed(m.id, fail('RECIPIENT_INVALID', 'Số điện thoại không đúng định dạng', 'INVALID_PHONE'));
    const s = this.settings;
    const body = {
      ApiKey: s.apiKey,
      SecretKey: s.secretKey,
      Content: m.body,
      Phone: normalizePhone(m.to.phone),
      Brandname: s.brandname,
      SmsType: s.smsType ?? '2',
      IsUnicode: s.unicode ? '1' : '0',
      Sandbox: s.sandbox ? '1' : '0',
      RequestId: m.id,
      ...(s.callbackUrl ? { CallbackUrl: s.callbackUrl } : {}),
    };
    const res = await request(
      `${this.base}/SendMultipleMessage_V4_post_json/`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      s,
    );
    if (!res.ok) return failed(m.id, res.failure);
    const trouble = httpTrouble(res.status, res.headers, this.now());
    if (trouble) return failed(m.id, trouble);
    const json = parseJson<EsmsSendResult>(res.text);
    const code = json?.CodeResult ?? '';
    if (res.status === 200 && code === '100') return sent(m.id, json?.SMSID ?? '');
    // 124 = this RequestId was already accepted: an earlier attempt went through (its answer was lost), so the
    // message is sent; eSMS's callback for it carries the same RequestId.
    if (code === '124') return sent(m.id, `RequestId:${m.id}`);
    if (!code) return failed(m.id, fail('RETRYABLE', 'eSMS trả lời không đọc được, sẽ gửi lại sau', String(res.status)));
    return failed(m.id, classifyEsmsCode(code));
  }

  /** The account's balance in VND as eSMS reports it (for the SMS screen). */
  async balance(): Promise<{ ok: true; balance: number } | { ok: false; failure: Failure }> {
    const s = this.settings;
    const res = await request(
      `${this.base}/GetBalance_json`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ApiKey: s.apiKey, SecretKey: s.secretKey }) },
      s,
    );
    if (!res.ok) return { ok: false, failure: res.failure };
    const trouble = httpTrouble(res.status, res.headers, this.now());
    if (trouble) return { ok: false, failure: trouble };
    const json = parseJson<{ Balance?: number | string; CodeResponse?: string }>(res.text);
    if (json?.CodeResponse === '100') return { ok: true, balance: Number(json.Balance ?? 0) };
    return { ok: false, failure: classifyEsmsCode(json?.CodeResponse ?? String(res.status)) };
  }
}

/**
 * The delivery-report callback: eSMS calls our CallbackUrl with GET and these query parameters. `token` is the
 * secret we put in that URL; it is compared in constant time. Returns undefined when the token is wrong or the
 * parameters are not a report (the route answers 401/400 then).
 * SendStatus: 1 waiting for approval, 2 waiting to send, 4 rejected, 5 finished (SendSuccess/SendFailed tell
 * how), 7 handed to the telco and waiting for its report.
 */
export function verifyEsmsCallback(query: URLSearchParams, token: string | undefined, expectedToken: string): DeliveryReport | undefined {
  if (!token || !expectedToken || !safeEqual(token, expectedToken)) return undefined;
  const smsId = query.get('SMSID');
  const sendStatus = query.get('SendStatus');
  if (!smsId || !sendStatus) return undefined;
  const requestId = query.get('RequestId') || undefined;
  const base = { channel: 'SMS' as const, providerMessageId: smsId, messageId: requestId, providerCode: `SendStatus=${sendStatus}` };
  if (sendStatus === '5') {
    const ok = Number(query.get('SendSuccess') ?? 0) > 0;
    return ok ? { ...base, status: 'DELIVERED' } : { ...base, status: 'FAILED', reason: 'Nhà mạng báo không gửi được tin nhắn tới số này' };
  }
  if (sendStatus === '4') return { ...base, status: 'FAILED', reason: 'Tin nhắn bị từ chối (không được duyệt)' };
  return { ...base, status: 'PENDING' };
}
