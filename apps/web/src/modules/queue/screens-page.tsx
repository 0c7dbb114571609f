import { useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Popconfirm, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreatedScreen,
  QUEUE_MESSAGES,
  SCREEN_KIND_LABELS,
  SCREEN_KINDS,
  SCREEN_STATE_LABELS,
  SCREEN_STATES,
  type ScreenKind,
  type ScreenRow,
} from '@portal/shared/contracts/queue.contract';
import { hasAuthority } from '@portal/shared/authorities';
import { fmt } from '@portal/shared/messages.vi';
import { EMPTY_FIELD, formatDateTime, orDash } from '@portal/shared/rules/format';
import { FilterCard } from '../../core/blocks/filter-card';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { actionsColumn, TagList, TwoLines } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { queueApi, queueKeys, type ScreenFilter } from './queue.api';
import { soundText, sortScreens } from './queue.logic';
import { TQ } from './queue.messages';
import { ScreenFormDialog } from './screen-form-dialog';
import { ScreenLinkDialog } from './screen-link-dialog';
import { ScreenHeader } from '../../core/blocks/screen-header';

const M = TQ.screens;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'name', direction: 'asc' as const } };
type State = (typeof SCREEN_STATES)[number];

function StateCell({ row }: { row: ScreenRow }) {
  const tag = (
    <Tag color={row.state === 'ACTIVE' ? 'green' : 'default'} data-testid="screen-state">
      {SCREEN_STATE_LABELS[row.state]}
    </Tag>
  );
  if (row.state === 'ACTIVE' || !row.revokedAt) return tag;
  const at = formatDateTime(row.revokedAt);
  return <TwoLines main={tag} sub={row.revokedBy ? fmt(M.revokedBy, { at, by: row.revokedBy }) : fmt(M.revokedAt, { at })} />;
}

/**
 * /admin/man-hinh-goi-so (MANAGER_SETTING, issue 22): the links of the facility's calling screens (TVs of
 * the waiting rooms) and self check-in kiosks. A link is shown once, when created, with its QR code; the
 * list tells links apart by the first characters of their token and says when each screen was last open.
 */
export function ScreensPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SETTING')) return me.data ? <ForbiddenPage /> : null;
  return <ScreenList />;
}

function ScreenList() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<ScreenFilter>({ state: 'ACTIVE' });
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const [editing, setEditing] = useState<{ row: ScreenRow | null } | null>(null);
  const [created, setCreated] = useState<CreatedScreen | null>(null);

  const list = useQuery({
    queryKey: queueKeys.screenList(filter),
    queryFn: ({ signal }) => queueApi.screens(filter, signal),
    select: (rows) => ({ data: sortScreens(rows), totalElements: rows.length }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: queueKeys.screens });

  const revoke = useMutation({
    mutationFn: (row: ScreenRow) => queueApi.revokeScreen(row.id),
    onSuccess: (res) => notify.success(res.message ?? QUEUE_MESSAGES.revoked),
    onError: (e) => reportError(e),
    onSettled: refresh,
  });

  const columns = useMemo<ColumnsType<ScreenRow>>(
    () => [
      {
        title: M.cols.name,
        key: 'name',
        render: (_v, r) => <TwoLines main={<Typography.Text strong>{r.name}</Typography.Text>} sub={SCREEN_KIND_LABELS[r.kind]} />,
      },
      {
        title: M.cols.rooms,
        key: 'rooms',
        render: (_v, r) => (
          <TagList
            items={r.rooms.map((room) => ({ key: room.id, text: room.name }))}
            empty={<Typography.Text type="secondary">{r.kind === 'KIOSK' ? M.everyRoom : EMPTY_FIELD}</Typography.Text>}
          />
        ),
      },
      { title: M.cols.sound, key: 'sound', render: (_v, r) => soundText(r) ?? EMPTY_FIELD },
      {
        title: M.cols.token,
        key: 'token',
        render: (_v, r) => (
          <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
            {r.tokenHint}…
          </Typography.Text>
        ),
      },
      {
        title: M.cols.created,
        key: 'created',
        render: (_v, r) => (
          <TwoLines
            main={orDash(r.createdBy)}
            sub={
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {formatDateTime(r.createdAt)}
              </Typography.Text>
            }
          />
        ),
      },
      {
        title: M.cols.lastSeen,
        key: 'lastSeen',
        render: (_v, r) =>
          r.lastSeenAt ? (
            <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.lastSeenAt)}</span>
          ) : (
            <Typography.Text type="secondary">{M.neverSeen}</Typography.Text>
          ),
      },
      { title: M.cols.state, key: 'state', render: (_v, r) => <StateCell row={r} /> },
      actionsColumn<ScreenRow>((r) =>
        r.state === 'ACTIVE' ? (
          <>
            <Button size="small" type="link" onClick={() => setEditing({ row: r })}>
              {M.edit}
            </Button>
            <Popconfirm
              title={fmt(M.revokeTitle, { name: r.name })}
              description={<div style={{ maxWidth: 320 }}>{M.revokeHint}</div>}
              okText={M.confirm}
              okButtonProps={{ danger: true }}
              cancelText={M.cancel}
              onConfirm={() => revoke.mutateAsync(r).catch(() => undefined)}
            >
              <Button size="small" type="link" danger loading={revoke.isPending && revoke.variables?.id === r.id}>
                {M.revoke}
              </Button>
            </Popconfirm>
          </>
        ) : null,
      ),
    ],
    [revoke.isPending, revoke.variables, revoke.mutateAsync],
  );

  const choose = (next: ScreenFilter) => {
    setFilter(next);
    setState(EMPTY_LIST_STATE);
  };

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={M.title}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })} data-testid="screen-create">
          {M.create}
        </Button>
      </ScreenHeader>
      <FilterCard>
        <Col xs={12} lg={6}>
          <Select<ScreenKind>
            aria-label={M.kind}
            placeholder={M.allKinds}
            allowClear
            style={{ width: '100%' }}
            value={filter.kind}
            options={SCREEN_KINDS.map((k) => ({ value: k, label: SCREEN_KIND_LABELS[k] }))}
            onChange={(kind) => choose({ ...filter, kind })}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Select<State>
            aria-label={M.state}
            placeholder={M.allStates}
            allowClear
            style={{ width: '100%' }}
            value={filter.state}
            options={SCREEN_STATES.map((s) => ({ value: s, label: SCREEN_STATE_LABELS[s] }))}
            onChange={(s) => choose({ ...filter, state: s })}
          />
        </Col>
      </FilterCard>
      <Card size="small">
        <PagedTable<ScreenRow> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
      </Card>
      <ScreenFormDialog
        open={editing !== null}
        row={editing?.row ?? null}
        onClose={() => setEditing(null)}
        onCreated={(c) => {
          setEditing(null);
          setCreated(c);
          refresh();
        }}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <ScreenLinkDialog created={created} onClose={() => setCreated(null)} />
    </Flex>
  );
}
