import { describe, expect, it } from 'vitest';
import { type ChannelSettings, createChannel, EsmsChannel, FcmChannel, WebPushChannel, ZaloZnsChannel } from './index';

describe('createChannel', () => {
  const settings: ChannelSettings[] = [
    { kind: 'FCM', serviceAccount: { client_email: 'a@b', private_key: 'k', token_uri: 'http://x/token', project_id: 'p' } },
    { kind: 'WEBPUSH', vapid: { subject: 'mailto:a@b.vn', publicKey: 'p', privateKey: 'k' } },
    { kind: 'SMS', provider: 'ESMS', apiKey: 'k', secretKey: 's', brandname: 'BV' },
    { kind: 'ZALO_ZNS', appId: 'a', appSecret: 's', oaSecretKey: 'o', tokens: { refreshToken: 'r' } },
  ];
  const classes = [FcmChannel, WebPushChannel, EsmsChannel, ZaloZnsChannel];
  it.each(settings.map((s, i) => ({ kind: s.kind, s, cls: classes[i] })))('$kind → its adapter', ({ kind, s, cls }) => {
    const ch = createChannel(s);
    expect(ch).toBeInstanceOf(cls);
    expect(ch.kind).toBe(kind);
  });
});
