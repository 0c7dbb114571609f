import { eq, inArray, and } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import type { HashCost } from '../../modules/auth/passwords';
import { hashToken } from '../../modules/queue/screens.service';
import { accountRooms, accounts, queueScreens, rooms } from '../schema';
import { DEMO_STAFF_PASSWORD } from './demo-admin';
import { createAccount, createRole } from './factories';

/**
 * The demo's waiting room (issue 22, docs/waiting-room.md): a nurse of the ground-floor clinics who calls patients
 * from the room console, the ground floor's calling screen and the entrance kiosk. Their links are written in the
 * README (a real link's token is random and shown once; these are demo data, like the demo passwords).
 */
export const DEMO_DISPLAY_TOKEN = 'demo-sanh-tang-1';
export const DEMO_KIOSK_TOKEN = 'demo-kiosk-cong-chinh';

export async function seedDemoQueue(tx: Executor, facilityId: number, cost: HashCost, now: Date): Promise<void> {
  const roomRows = await tx
    .select({ id: rooms.id, code: rooms.code })
    .from(rooms)
    .where(and(eq(rooms.facilityId, facilityId), inArray(rooms.code, ['P101', 'P102', 'P103', 'P104'])));
  const ground = ['P101', 'P102', 'P103', 'P104'].flatMap((c) => roomRows.find((r) => r.code === c)?.id ?? []);
  const role = await createRole(tx, {
    facilityId,
    code: 'DIEU_DUONG',
    name: 'Điều dưỡng phòng khám',
    description: 'Gọi bệnh nhân vào phòng khám, gọi lại, bỏ qua người vắng mặt, hoàn thành lượt khám',
    authorities: ['MANAGER_ROOM_QUEUE'],
  });
  const nurse = await createAccount(
    tx,
    {
      facilityId,
      username: 'dieuduong',
      password: DEMO_STAFF_PASSWORD,
      name: 'Phan Thị Thu Hà',
      email: 'thuha.dieuduong@benhvienanphuc.vn',
      phone: '0915336472',
      roleIds: [role.id],
      lastPasswordReset: new Date(now.getTime() - 20 * 86_400_000),
      mustChangePassword: false,
      locked: false,
    },
    cost,
  );
  await tx.insert(accountRooms).values(ground.slice(0, 2).map((roomId) => ({ accountId: nurse.id, roomId })));
  const [admin] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.facilityId, facilityId), eq(accounts.username, 'admin')));
  await tx.insert(queueScreens).values([
    {
      facilityId,
      kind: 'DISPLAY',
      name: 'Màn hình sảnh khám tầng 1',
      tokenHash: hashToken(DEMO_DISPLAY_TOKEN),
      tokenHint: DEMO_DISPLAY_TOKEN.slice(0, 6),
      roomIds: ground,
      volume: 80,
      chime: true,
      createdBy: admin?.id ?? null,
    },
    {
      facilityId,
      kind: 'KIOSK',
      name: 'Ki-ốt cổng chính',
      tokenHash: hashToken(DEMO_KIOSK_TOKEN),
      tokenHint: DEMO_KIOSK_TOKEN.slice(0, 6),
      roomIds: [],
      volume: 80,
      chime: true,
      createdBy: admin?.id ?? null,
    },
  ]);
}
