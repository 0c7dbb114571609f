import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, listenErrorLine, StartupError, startupFailureLine } from './startup';

const open: net.Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});
const listen = (host: string) =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    open.push(s);
    s.listen({ host, port: 0 }, () => resolve((s.address() as net.AddressInfo).port));
  });

describe('startup checks', () => {
  it('a free port passes, and is free again afterwards', async () => {
    const port = await listen('127.0.0.1');
    await new Promise((r) => open.pop()!.close(r));
    await assertPortFree('127.0.0.1', port);
    await assertPortFree('127.0.0.1', port); // the probe let go of it
  });

  it('a taken port is one Vietnamese line naming the port and PORT', async () => {
    const port = await listen('127.0.0.1');
    const err = await assertPortFree('127.0.0.1', port).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      `Cổng ${port} đang được một chương trình khác dùng. Hãy dừng chương trình đó hoặc chọn cổng khác (biến môi trường PORT).`,
    );
  });

  it('an address that is not this machine names HOST', async () => {
    const err = await assertPortFree('203.0.113.7', 3999).catch((e: unknown) => e);
    expect(startupFailureLine(err)).toBe('Địa chỉ 203.0.113.7 không có trên máy này (biến môi trường HOST).');
  });

  it.each([
    [{ code: 'EADDRINUSE' }, 'Cổng 3000 đang được'],
    [{ code: 'EACCES' }, 'Không được phép mở cổng 3000 trên địa chỉ 0.0.0.0'],
    [{ code: 'EADDRNOTAVAIL' }, 'Địa chỉ 0.0.0.0 không có trên máy này'],
    [{ code: 'ECONNRESET' }, null],
    [new Error('x'), null],
  ])('listen error %o', (e, start) => {
    const line = listenErrorLine(e, '0.0.0.0', 3000);
    if (start === null) expect(line).toBeNull();
    else expect(line?.startsWith(start)).toBe(true);
  });

  it.each([
    [new StartupError('Cổng 3000 đang được dùng.'), 'Cổng 3000 đang được dùng.'],
    [
      new Error('connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap'),
      'Không khởi động được cổng quản trị: connect ECONNREFUSED 127.0.0.1:5432; at TCPConnectWrap',
    ],
    [new Error(''), 'Không khởi động được cổng quản trị: lỗi không xác định'],
    ['chuỗi', 'Không khởi động được cổng quản trị: chuỗi'],
  ])('failure %o is the line %s', (e, line) => {
    expect(startupFailureLine(e)).toBe(line);
  });
});
