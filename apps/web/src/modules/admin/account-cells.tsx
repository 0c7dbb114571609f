import { Tag, Typography } from 'antd';
import type { AccountRow } from '@portal/shared/contracts/admin.contract';
import { formatDate } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { ContactLines, TagList, TwoLines, WrapText } from '../../core/crud/cells';
import type { CellOverrides } from '../../core/crud/list-columns';

const asAccount = (row: unknown) => row as AccountRow;

/** How the account lists show names, roles, rooms, the lock and dates (rows carry the names, so no lookups). */
export const ACCOUNT_CELLS: CellOverrides = {
  username: (v, row) => (
    <TwoLines
      main={<Typography.Text strong>{String(v)}</Typography.Text>}
      sub={asAccount(row).mustChangePassword && <Tag color="gold">{T.admin.mustChange}</Tag>}
    />
  ),
  // two facts a column: the name, and under it how to reach the person (the list has no email or phone column)
  name: (v, row) => {
    const { email, phone } = asAccount(row);
    return <TwoLines main={<WrapText>{String(v)}</WrapText>} sub={<ContactLines phone={phone} email={email} />} />;
  },
  roleIds: (_v, row) => <TagList items={asAccount(row).roles.map((r) => ({ key: r.id, text: r.name, color: r.active ? 'blue' : undefined }))} />,
  roomIds: (_v, row) => (
    <TagList
      items={asAccount(row).rooms.map((r) => ({ key: r.id, text: `${r.code} – ${r.name}` }))}
      empty={<Typography.Text type="secondary">{T.admin.noRooms}</Typography.Text>}
    />
  ),
  locked: (v) => (v ? <Tag color="red">{T.admin.locked}</Tag> : <Tag color="green">{T.admin.unlocked}</Tag>),
  lastPasswordReset: (v) => formatDate(v as string),
};
