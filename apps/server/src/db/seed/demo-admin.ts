import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import type { HashCost } from '../../modules/auth/passwords';
import { accountRooms, accounts, roles, rooms } from '../schema';
import { createAccount, createRole } from './factories';

const DAY = 86_400_000;

/** Password of the extra demo staff (not of the four documented accounts). */
export const DEMO_STAFF_PASSWORD = 'Nhanvien@123';

/**
 * More staff of the demo hospital for the admin screens: a second receptionist just created
 * (must change the password), a scheduler, an IT officer, an HR officer who manages accounts,
 * and a receptionist who left (locked). The four documented accounts keep their roles; `letan`
 * gets the ground-floor clinic rooms.
 */
export async function seedDemoAdmin(tx: Executor, facilityId: number, cost: HashCost, now: Date): Promise<void> {
  const nhanSu = await createRole(tx, {
    facilityId,
    code: 'NHAN_SU',
    name: 'Phòng Tổ chức cán bộ',
    description: 'Tạo tài khoản, đặt lại mật khẩu, khoá tài khoản nhân viên nghỉ việc',
    authorities: ['MANAGER_ADMIN'],
  });
  const roleRows = await tx.select({ id: roles.id, code: roles.code }).from(roles).where(eq(roles.facilityId, facilityId));
  const role = (code: string) => roleRows.find((r) => r.code === code)?.id ?? nhanSu.id;
  const roomRows = await tx.select({ id: rooms.id, code: rooms.code }).from(rooms).where(eq(rooms.facilityId, facilityId));
  const room = (codes: string[]) => roomRows.filter((r) => codes.includes(r.code)).map((r) => r.id);

  const staff = [
    {
      username: 'tiepdon2',
      name: 'Nguyễn Thị Mai Anh',
      email: 'maianh.tiepdon@benhvienanphuc.vn',
      phone: '0912468135',
      roles: ['LE_TAN'],
      rooms: ['P201', 'P202', 'P203', 'P204', 'P205'],
      days: 0,
      mustChange: true,
    },
    { username: 'dieuphoi', name: 'Hoàng Văn Nam', email: 'dieuphoi@benhvienanphuc.vn', phone: '0983214567', roles: ['DIEU_PHOI'], rooms: [], days: 45 },
    {
      username: 'cntt.khoa',
      name: 'Đỗ Minh Khoa',
      email: 'minhkhoa.cntt@benhvienanphuc.vn',
      phone: '0904123789',
      roles: ['DANH_MUC', 'BAO_CAO'],
      rooms: [],
      days: 12,
    },
    { username: 'nhansu', name: 'Vũ Thị Hồng Nhung', email: 'tccb@benhvienanphuc.vn', phone: '0936551208', roles: ['NHAN_SU'], rooms: [], days: 90 },
    { username: 'letan.cu', name: 'Bùi Thị Lan', email: null, phone: '0978003412', roles: ['LE_TAN'], rooms: ['P101'], days: 400, locked: true },
  ];
  for (const s of staff) {
    const a = await createAccount(
      tx,
      {
        facilityId,
        username: s.username,
        password: DEMO_STAFF_PASSWORD,
        name: s.name,
        email: s.email,
        phone: s.phone,
        roleIds: s.roles.map(role),
        lastPasswordReset: new Date(now.getTime() - s.days * DAY),
        mustChangePassword: s.mustChange ?? false,
        locked: s.locked ?? false,
      },
      cost,
    );
    const ids = room(s.rooms);
    if (ids.length) await tx.insert(accountRooms).values(ids.map((roomId) => ({ accountId: a.id, roomId })));
  }

  const [letan] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.facilityId, facilityId), inArray(accounts.username, ['letan'])));
  const ground = room(['P101', 'P102', 'P103', 'P104']);
  if (letan && ground.length) await tx.insert(accountRooms).values(ground.map((roomId) => ({ accountId: letan.id, roomId })));
}
