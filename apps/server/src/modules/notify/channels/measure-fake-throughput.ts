/**
 * How many messages per second the fake providers take, through the real adapters (issue 17's budget: sending
 * sustains 500 messages/s through the fake on the 2-core machine, so the fake itself must be well above that).
 * The fake runs in a child process, as it would beside a benchmarked server; the adapters run here.
 *
 *   node --import tsx apps/server/src/modules/notify/channels/measure-fake-throughput.ts [messages=5000] [concurrency=32]
 */
import { createECDH, generateKeyPairSync, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import type { Channel, OutgoingMessage } from './channel';
import { startFakeProviders } from './fake-providers';
import { FcmChannel } from './fcm';
import { EsmsChannel } from './sms-brandname';
import { WebPushChannel } from './webpush';
import { ZaloZnsChannel } from './zalo-zns';

const ZALO = { appId: 'bench-app', appSecret: 'bench-secret', refreshToken: 'bench-refresh' };
const ESMS = { apiKey: 'K', secretKey: 'S' };

if (process.argv[2] === 'serve') {
  const fake = await startFakeProviders({ record: false, zalo: ZALO, esms: ESMS });
  process.send?.(fake.url);
} else {
  const total = Number(process.argv[2] ?? 5000);
  const concurrency = Number(process.argv[3] ?? 32);
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { execArgv: ['--import', 'tsx'] });
  const url = await new Promise<string>((resolve) => child.once('message', (m) => resolve(String(m))));
  try {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const sub = { endpoint: `${url}/webpush/bench`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
    const phone = (i: number) => `09${String(10_000_000 + i).slice(-8)}`;
    const cases: { name: string; channel: Channel; msg: (i: number) => OutgoingMessage }[] = [
      {
        name: 'FCM',
        channel: new FcmChannel({
          serviceAccount: { client_email: 'b@x', private_key: keys.privateKey, token_uri: `${url}/google/token`, project_id: 'bench' },
          baseUrl: `${url}/fcm`,
          concurrency,
        }),
        msg: (i) => ({ id: `m${i}`, to: { token: `t${i}` }, title: 'Nhắc lịch khám', body: 'Mời anh/chị đến lúc 08:30' }),
      },
      {
        name: 'SMS (eSMS)',
        channel: new EsmsChannel({ ...ESMS, brandname: 'BV', baseUrl: `${url}/esms`, concurrency }),
        msg: (i) => ({ id: `m${i}`, to: { phone: phone(i) }, body: 'Nhac lich kham 08:30' }),
      },
      {
        name: 'Zalo ZNS',
        channel: new ZaloZnsChannel({
          ...ZALO,
          oaSecretKey: 'x',
          tokens: { refreshToken: ZALO.refreshToken },
          baseUrl: `${url}/zalo`,
          oauthBaseUrl: `${url}/zalo-oauth`,
          concurrency,
        }),
        msg: (i) => ({ id: `m${i}`, to: { phone: phone(i) }, body: '', templateId: '1', templateData: { name: 'An' } }),
      },
      {
        name: 'Web Push',
        channel: new WebPushChannel({ vapid: { subject: 'mailto:a@b.vn', ...webpush.generateVAPIDKeys() }, concurrency }),
        msg: (i) => ({ id: `m${i}`, to: { subscription: sub }, title: 'Nhắc lịch khám', body: 'Mời anh/chị đến lúc 08:30' }),
      },
    ];
    // The fake alone: a bare keep-alive node:http client, so the client's own cost is as small as it gets.
    for (let round = 0; round < 2; round++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
      const target = new URL(`${url}/esms/SendMultipleMessage_V4_post_json/`);
      const body = JSON.stringify({ ...ESMS, Phone: '0912345678', Content: 'x', Brandname: 'BV' });
      const one = () =>
        new Promise<void>((resolve, reject) => {
          const req = http.request(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => res.resume().on('end', resolve),
          );
          req.on('error', reject);
          req.end(body);
        });
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next++ < total * 2) await one();
        }),
      );
      const s = (performance.now() - t0) / 1000;
      agent.destroy();
      if (round === 1)
        console.log(
          `${'raw http'.padEnd(11)} ${total * 2} requests in ${s.toFixed(2)} s = ${Math.round((total * 2) / s)} requests/s (bare node:http client, concurrency ${concurrency})`,
        );
    }
    for (const c of cases) {
      await c.channel.send([c.msg(-1)]); // warm up: token, connections
      const messages = Array.from({ length: total }, (_, i) => c.msg(i));
      const t0 = performance.now();
      const out = await c.channel.send(messages);
      const s = (performance.now() - t0) / 1000;
      const ok = out.filter((o) => o.status === 'SENT').length;
      console.log(`${c.name.padEnd(11)} ${total} messages in ${s.toFixed(2)} s = ${Math.round(total / s)} messages/s (${ok} sent, concurrency ${concurrency})`);
    }
  } finally {
    child.kill();
  }
}
