import { useState } from 'react';
import { Button, Card, Flex, Image, Popconfirm, Segmented, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannerDto } from '@portal/shared/contracts/app-config.contract';
import { fmt } from '@portal/shared/messages.vi';
import { APP_PLATFORM_LABELS, BANNER_STATUS_LABELS, BANNER_STATUSES, type BannerStatus, moveId } from '@portal/shared/rules/app-config';
import { formatDateTime } from '@portal/shared/rules/format';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { appConfigApi, appConfigKeys } from './app-config.api';
import { linkText } from './app-config.logic';
import { TAC } from './app-config.messages';
import { BannerForm } from './banner-form';
import { PREVIEW_WIDTH } from './menu-tab';
import { OrderButtons } from './order-buttons';
import { PhonePreview } from './phone-preview';
import { useRowDrag } from './row-drag';

const C = TAC.cols;
const B = TAC.banners;
const STATUS_COLORS: Record<BannerStatus, string> = { ACTIVE: 'green', UPCOMING: 'blue', ENDED: 'default', HIDDEN: 'orange' };
const FILTERS = [{ value: '', label: B.allStatuses }, ...BANNER_STATUSES.map((s) => ({ value: s, label: BANNER_STATUS_LABELS[s] }))];

/** The app's banners (screen configs BANNER_APP_PLUS): filtered by status, in the app's order, shown or hidden, edited in a dialog. */
export function BannersTab() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<BannerStatus | ''>('');
  const all = useQuery({ queryKey: appConfigKeys.banners(), queryFn: ({ signal }) => appConfigApi.banners({}, signal) });
  const filtered = useQuery({
    queryKey: appConfigKeys.banners(status || undefined),
    queryFn: ({ signal }) => appConfigApi.banners({ status: status || undefined }, signal),
    placeholderData: keepPreviousData,
    enabled: status !== '',
  });
  const menu = useQuery({ queryKey: appConfigKeys.menu, queryFn: ({ signal }) => appConfigApi.menu(signal) });
  const [editing, setEditing] = useState<{ open: boolean; banner?: BannerDto }>({ open: false });
  const rows = (status ? filtered.data : all.data) ?? [];
  const settle = () => void qc.invalidateQueries({ queryKey: appConfigKeys.allBanners });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => appConfigApi.reorderBanners(ids),
    onSuccess: () => notify.success(TAC.reordered),
    onSettled: settle,
    onError: (e) => reportError(e),
  });
  const visible = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => appConfigApi.bannerVisible(id, on),
    onSuccess: (b) => notify.success(b.visible ? TAC.nowShown : TAC.nowHidden),
    onSettled: settle,
    onError: (e) => reportError(e),
  });
  const remove = useMutation({
    mutationFn: (id: number) => appConfigApi.removeBanner(id),
    onSuccess: () => notify.success(TAC.removed),
    onSettled: settle,
    onError: (e) => reportError(e),
  });
  const ids = rows.map((r) => r.id);
  // the order is the whole list's: dragging only while no status filter is on
  const drag = useRowDrag(ids, (next) => reorder.mutate(next), !status && !reorder.isPending);
  const columns: ColumnsType<BannerDto> = [
    ...(status
      ? []
      : [
          {
            title: C.order,
            key: 'order',
            render: (_v: unknown, b: BannerDto, i: number) => (
              <OrderButtons
                name={b.title}
                first={i === 0}
                last={i === rows.length - 1}
                busy={reorder.isPending}
                onMove={(s) => reorder.mutate(moveId(ids, b.id, s))}
              />
            ),
          },
        ]),
    {
      title: C.image,
      key: 'image',
      render: (_v, b) => <Image src={b.imageUrl} width={88} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} alt={b.title} />,
    },
    {
      title: C.title,
      key: 'title',
      render: (_v, b) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <EllipsisText text={b.title} width={180} />
          <EllipsisText text={linkText(b.link)} width={180} secondary />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {b.platforms.map((p) => APP_PLATFORM_LABELS[p]).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: C.period,
      key: 'period',
      render: (_v, b) =>
        b.activeFrom || b.activeTo ? (
          <Flex vertical style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
            {b.activeFrom && <span>{fmt(B.from, { time: formatDateTime(b.activeFrom) })}</span>}
            {b.activeTo && <span>{fmt(B.to, { time: formatDateTime(b.activeTo) })}</span>}
          </Flex>
        ) : (
          <span style={{ fontSize: 12 }}>{B.always}</span>
        ),
    },
    { title: C.status, key: 'status', render: (_v, b) => <Tag color={STATUS_COLORS[b.status]}>{BANNER_STATUS_LABELS[b.status]}</Tag> },
    actionsColumn((b) => (
      <Flex gap={4} align="center">
        <Switch
          size="small"
          checked={b.visible}
          checkedChildren={TAC.shown}
          unCheckedChildren={TAC.hidden}
          aria-label={`${C.visible}: ${b.title}`}
          loading={visible.isPending && visible.variables?.id === b.id}
          onChange={(on) => visible.mutate({ id: b.id, on })}
        />
        <Button size="small" type="link" icon={<EditOutlined />} aria-label={`${TAC.edit}: ${b.title}`} onClick={() => setEditing({ open: true, banner: b })} />
        <Popconfirm title={fmt(B.confirmRemove, { title: b.title })} okText={TAC.yes} cancelText={TAC.no} onConfirm={() => remove.mutate(b.id)}>
          <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={`${TAC.remove}: ${b.title}`} />
        </Popconfirm>
      </Flex>
    )),
  ];
  return (
    <Flex gap={16} align="flex-start" wrap>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={<Segmented aria-label={C.status} size="small" options={FILTERS} value={status} onChange={(v) => setStatus(v as BannerStatus | '')} />}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            {B.add}
          </Button>
        }
      >
        {status && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {B.reorderFiltered}
          </Typography.Paragraph>
        )}
        <Table<BannerDto>
          rowKey="id"
          size="middle"
          data-testid="banner-table"
          loading={status ? filtered.isLoading : all.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: true }}
          tableLayout="auto"
          // a hidden row is told by its switch and status, not dimmed: dimmed text falls under the 4.5:1 contrast
          onRow={(b) => drag.onRow(b.id)}
          locale={{ emptyText: B.empty }}
        />
      </Card>
      <div style={{ width: PREVIEW_WIDTH }}>
        <PhonePreview menu={menu.data ?? []} banners={all.data ?? []} />
      </div>
      <BannerForm open={editing.open} banner={editing.banner} onClose={() => setEditing({ open: false })} />
    </Flex>
  );
}
