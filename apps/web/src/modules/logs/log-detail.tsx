import { Alert, Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { actionLabel, entityLabel, type LogRowDto } from '@portal/shared/contracts/logs.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { logKeys, logsApi } from './logs.api';
import { rowChanges, showValue } from './logs.logic';
import { TL } from './logs.messages';

/** One log row in a drawer: who, when, from where, on what, and each changed field before and after. */
export function LogDetail({ row, onClose }: { row: LogRowDto | null; onClose: () => void }) {
  // the row as the list gave it is shown at once; the drawer re-reads it so a link to it stays true
  const fresh = useQuery({ queryKey: logKeys.one(row?.id ?? 0), queryFn: () => logsApi.one(row!.id), enabled: row != null, initialData: row ?? undefined });
  const r = fresh.data ?? row;
  const changes = r ? rowChanges(r.before, r.after) : [];
  return (
    <Drawer open={row != null} onClose={onClose} title={r ? fmt(TL.detailTitle, { id: r.id }) : ''} size="large" destroyOnHidden>
      {r && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'time', label: TL.columns.time, children: formatDateTime(r.createdAt) },
              { key: 'actor', label: TL.columns.actor, children: r.actorUsername ?? TL.system },
              { key: 'action', label: TL.columns.action, children: <Tag>{actionLabel(r.action)}</Tag> },
              { key: 'entity', label: TL.columns.entity, children: `${entityLabel(r.entity)}${r.entityId ? ` #${r.entityId}` : ''}` },
              { key: 'ip', label: TL.columns.ip, children: r.ip ?? '—' },
            ]}
          />
          {r.masked && <Alert style={{ marginTop: 16 }} type="info" showIcon title={TL.masked} />}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {TL.columns.changes}
          </Typography.Title>
          <Table
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={changes}
            locale={{ emptyText: TL.noChanges }}
            columns={[
              { title: TL.field, dataIndex: 'label', key: 'label', width: 160 },
              {
                title: TL.before,
                key: 'before',
                render: (_v, c) => <Typography.Text delete={c.after !== null && c.before !== null}>{showValue(c.before, c.field)}</Typography.Text>,
              },
              { title: TL.after, key: 'after', render: (_v, c) => <Typography.Text strong>{showValue(c.after, c.field)}</Typography.Text> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
