import { Tag, Typography } from 'antd';
import type { AccountRow } from '@portal/shared/contracts/admin.contract';
import { formatDate } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import type { CellOverrides } from '../../core/crud/list-columns';

const asAccount = (row: unknown) => row as AccountRow;

/** How the account lists show roles, rooms, the lock and dates (rows carry the names, so no lookups). */
export const ACCOUNT_CELLS: CellOverrides = {
  username: (v, row) => (
    <>
      <Typography.Text strong>{String(v)}</Typography.Text>
      {asAccount(row).mustChangePassword && (
        <Tag color="gold" style={{ marginInlineStart: 8 }}>
          {T.admin.mustChange}
        </Tag>
      )}
    </>
  ),
  roleIds: (_v, row) =>
    asAccount(row).roles.map((r) => (
      <Tag key={r.id} color={r.active ? 'blue' : 'default'} style={{ marginBottom: 4 }}>
        {r.name}
      </Tag>
    )),
  roomIds: (_v, row) => {
    const rooms = asAccount(row).rooms;
    if (rooms.length === 0) return <Typography.Text type="secondary">{T.admin.noRooms}</Typography.Text>;
    return rooms.map((r) => (
      <Tag key={r.id} title={r.name} style={{ marginBottom: 4 }}>
        {r.code} – {r.name}
      </Tag>
    ));
  },
  locked: (v) => (v ? <Tag color="red">{T.admin.locked}</Tag> : <Tag color="green">{T.admin.unlocked}</Tag>),
  lastPasswordReset: (v) => formatDate(v as string),
};
