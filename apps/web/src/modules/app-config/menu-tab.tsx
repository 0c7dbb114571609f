import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItemDto } from '@portal/shared/contracts/app-config.contract';
import { fmt } from '@portal/shared/messages.vi';
import { APP_PLATFORM_LABELS, moveId } from '@portal/shared/rules/app-config';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { appConfigApi, appConfigKeys } from './app-config.api';
import { linkLines } from './app-config.logic';
import { TAC } from './app-config.messages';
import { AppIcon } from './app-icons';
import { MenuItemForm } from './menu-item-form';
import { OrderButtons } from './order-buttons';
import { PhonePreview } from './phone-preview';
import { useRowDrag } from './row-drag';

const C = TAC.cols;
export const PREVIEW_WIDTH = 320;

/** The patient app's home menu: its entries in the app's order, moved up or down, shown or hidden, edited in a dialog. */
export function MenuTab() {
  const qc = useQueryClient();
  const menu = useQuery({ queryKey: appConfigKeys.menu, queryFn: ({ signal }) => appConfigApi.menu(signal) });
  const banners = useQuery({ queryKey: appConfigKeys.banners(), queryFn: ({ signal }) => appConfigApi.banners({}, signal) });
  const [editing, setEditing] = useState<{ open: boolean; item?: MenuItemDto }>({ open: false });
  const rows = menu.data ?? [];
  const done = (message: string) => () => {
    notify.success(message);
  };
  const settle = () => void qc.invalidateQueries({ queryKey: appConfigKeys.menu });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => appConfigApi.reorderMenu(ids),
    onSuccess: (list) => {
      qc.setQueryData(appConfigKeys.menu, list);
      notify.success(TAC.reordered);
    },
    onError: (e) => {
      settle();
      reportError(e);
    },
  });
  const visible = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => appConfigApi.menuVisible(id, on),
    onSuccess: (m) => done(m.visible ? TAC.nowShown : TAC.nowHidden)(),
    onSettled: settle,
    onError: (e) => reportError(e),
  });
  const remove = useMutation({
    mutationFn: (id: number) => appConfigApi.removeMenu(id),
    onSuccess: done(TAC.removed),
    onSettled: settle,
    onError: (e) => reportError(e),
  });
  const ids = rows.map((r) => r.id);
  const drag = useRowDrag(ids, (next) => reorder.mutate(next), !reorder.isPending);
  const columns: ColumnsType<MenuItemDto> = [
    {
      title: C.order,
      key: 'order',
      render: (_v, m, i) => (
        <OrderButtons
          name={m.name}
          first={i === 0}
          last={i === rows.length - 1}
          busy={reorder.isPending}
          onMove={(s) => reorder.mutate(moveId(ids, m.id, s))}
        />
      ),
    },
    {
      title: C.name,
      key: 'name',
      render: (_v, m) => (
        <Flex gap={8} align="center">
          <span style={{ fontSize: 18, color: '#1677ff' }}>
            <AppIcon icon={m.icon} />
          </span>
          <Flex vertical style={{ minWidth: 0 }}>
            <EllipsisText text={m.name} width={170} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.platforms.map((p) => APP_PLATFORM_LABELS[p]).join(' · ')}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: C.link,
      key: 'link',
      render: (_v, m) => {
        const l = linkLines(m.link);
        return (
          <Flex vertical style={{ minWidth: 0 }}>
            <EllipsisText text={l.main} width={220} />
            <EllipsisText text={l.sub} width={220} secondary />
          </Flex>
        );
      },
    },
    actionsColumn((m) => (
      <Flex gap={4} align="center">
        <Switch
          size="small"
          checked={m.visible}
          checkedChildren={TAC.shown}
          unCheckedChildren={TAC.hidden}
          aria-label={`${C.visible}: ${m.name}`}
          loading={visible.isPending && visible.variables?.id === m.id}
          onChange={(on) => visible.mutate({ id: m.id, on })}
        />
        <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ open: true, item: m })}>
          {TAC.edit}
        </Button>
        <Popconfirm title={fmt(TAC.menu.confirmRemove, { name: m.name })} okText={TAC.yes} cancelText={TAC.no} onConfirm={() => remove.mutate(m.id)}>
          <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={`${TAC.remove}: ${m.name}`} />
        </Popconfirm>
      </Flex>
    )),
  ];
  return (
    <Flex gap={16} align="flex-start" wrap>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={<Typography.Text type="secondary">{TAC.menu.hint}</Typography.Text>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            {TAC.menu.add}
          </Button>
        }
        styles={{ title: { whiteSpace: 'normal', fontWeight: 'normal' } }}
      >
        <Table<MenuItemDto>
          rowKey="id"
          size="middle"
          data-testid="menu-table"
          loading={menu.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: true }}
          tableLayout="auto"
          // a hidden row is told by its switch and status, not dimmed: dimmed text falls under the 4.5:1 contrast
          onRow={(m) => drag.onRow(m.id)}
          locale={{ emptyText: TAC.menu.empty }}
        />
      </Card>
      <div style={{ width: PREVIEW_WIDTH }}>
        <PhonePreview menu={rows} banners={banners.data ?? []} />
      </div>
      <MenuItemForm open={editing.open} item={editing.item} onClose={() => setEditing({ open: false })} />
    </Flex>
  );
}
