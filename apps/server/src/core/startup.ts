import net from 'node:net';
import { fmt, MSG } from '@portal/shared/messages.vi';

/** A startup failure whose message is already the one line the operator should read. */
export class StartupError extends Error {}

/** The Vietnamese line for a listen error on host:port, or null when it is not one we can explain. */
export function listenErrorLine(e: unknown, host: string, port: number): string | null {
  switch ((e as NodeJS.ErrnoException)?.code) {
    case 'EADDRINUSE':
      return fmt(MSG.portInUse, { port });
    case 'EACCES':
      return fmt(MSG.portDenied, { port, host });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return fmt(MSG.hostUnavailable, { host });
    default:
      return null;
  }
}

/**
 * Checks that host:port can be listened on before the database is migrated and the demo seeded
 * (a taken port used to be reported only after ~24 s of seeding, as a stack trace). The real
 * listen later still maps the same errors, should another program take the port in between.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e) => {
      const line = listenErrorLine(e, host, port);
      reject(line ? new StartupError(line) : e);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The one line printed when the server cannot start: our own message as is, anything else behind a Vietnamese lead. */
export function startupFailureLine(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const oneLine = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
  if (e instanceof StartupError) return oneLine;
  return fmt(MSG.startFailed, { reason: oneLine || 'lỗi không xác định' });
}
