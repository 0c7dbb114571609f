import { randomBytes, timingSafeEqual } from 'node:crypto';

export type HisSimulatorAuth =
  | { type: 'none' }
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string }
  | { type: 'oauth2'; clientId: string; clientSecret: string };

export const TOKEN_LIFETIME_S = 3600;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** `formEncoded`: OAuth2 clients form-encode the id and secret before the Basic header (RFC 6749 §2.3.1). */
function basicCredentials(header: string | undefined, formEncoded = false): [string, string] | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const part = (v: string) => {
    if (!formEncoded) return v;
    try {
      return decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      return v;
    }
  };
  return [part(text.slice(0, colon)), part(text.slice(colon + 1))];
}

/** The HIS's doors: which requests pass, and the tokens the oauth2 endpoint gave. */
export class AuthGate {
  private readonly tokens = new Map<string, number>();

  constructor(readonly auth: HisSimulatorAuth) {}

  /** Null when the request may pass; else the `WWW-Authenticate` challenge of the 401. */
  check(authorization: string | undefined, now = Date.now()): string | null {
    const a = this.auth;
    if (a.type === 'none') return null;
    if (a.type === 'basic') {
      const c = basicCredentials(authorization);
      return c && same(c[0], a.username) && same(c[1], a.password) ? null : 'Basic realm="his-simulator", charset="UTF-8"';
    }
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m) return 'Bearer realm="his-simulator"';
    const ok = a.type === 'bearer' ? same(m[1]!, a.token) : (this.tokens.get(m[1]!) ?? 0) > now;
    return ok ? null : 'Bearer realm="his-simulator", error="invalid_token"';
  }

  /** The challenge a `badAuth` fault answers with. */
  challenge(): string {
    return this.auth.type === 'basic' ? 'Basic realm="his-simulator", charset="UTF-8"' : 'Bearer realm="his-simulator", error="invalid_token"';
  }

  /**
   * OAuth 2.0 client credentials (RFC 6749 §4.4): the client authenticates by HTTP Basic or by
   * client_id/client_secret in the form. Answers [status, body].
   */
  issue(form: Record<string, string | undefined>, authorization: string | undefined, now = Date.now()): [number, Record<string, unknown>] {
    const a = this.auth;
    if (a.type !== 'oauth2') return [404, { error: 'invalid_request', error_description: 'Máy chủ không dùng OAuth2' }];
    const basic = basicCredentials(authorization, true);
    const [id, secret] = basic ?? [form.client_id ?? '', form.client_secret ?? ''];
    if (!(same(id, a.clientId) && same(secret, a.clientSecret))) {
      return [401, { error: 'invalid_client', error_description: 'Sai mã hoặc mật khẩu ứng dụng' }];
    }
    if (form.grant_type !== 'client_credentials') return [400, { error: 'unsupported_grant_type' }];
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, now + TOKEN_LIFETIME_S * 1000);
    return [200, { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S }];
  }

  /** Ends every token given (a test of the client's refresh). */
  revokeAll(): void {
    this.tokens.clear();
  }
}
