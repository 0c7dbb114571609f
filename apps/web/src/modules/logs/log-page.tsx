import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Select, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ClearOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { actionLabel, entityLabel, type LogRowDto } from '@portal/shared/contracts/logs.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { SelectBox } from '../../core/blocks/select-box';
import { actionsColumn, TwoLines, WrapText } from '../../core/crud/cells';
import { ExportButton } from '../../core/crud/export-button';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { DeadJobs } from './dead-jobs';
import { LogDetail } from './log-detail';
import { logKeys, logsApi } from './logs.api';
import { actionOptions, entityOptions, logQuery, parseLogState, rowChanges, showValue, withLogFilters, type LogScreenState } from './logs.logic';
import { TL } from './logs.messages';

const SHOWN_CHANGES = 2;

/** The first changed fields of a row, "Họ và tên: A → B", and "+N trường khác". */
function ChangesCell({ row }: { row: LogRowDto }) {
  const changes = rowChanges(row.before, row.after);
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ minWidth: 220 }}>
      {changes.slice(0, SHOWN_CHANGES).map((c) => (
        <WrapText key={c.field}>
          <Typography.Text type="secondary">{c.label}:</Typography.Text> {showValue(c.before, c.field)} →{' '}
          <Typography.Text strong>{showValue(c.after, c.field)}</Typography.Text>
        </WrapText>
      ))}
      {changes.length > SHOWN_CHANGES && <Typography.Text type="secondary">{fmt(TL.moreChanges, { count: changes.length - SHOWN_CHANGES })}</Typography.Text>}
    </Flex>
  );
}

/** A searchable choice among named values (the actions, the kinds of object), cleared to mean "all". */
function NameFilter(p: { label: string; placeholder: string; options: { value: string; label: string }[]; value?: string; onChange: (v?: string) => void }) {
  return (
    <Select
      aria-label={p.label}
      placeholder={p.placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 220 }}
      value={p.value}
      options={p.options}
      onChange={(v: string | undefined) => p.onChange(v)}
    />
  );
}

function AuditLog() {
  const [params, setParams] = useScreenParams();
  const state = useMemo(() => parseLogState(params), [params]);
  const setState = useCallback((next: LogScreenState) => setParams(new URLSearchParams(logQuery(next)), { replace: false }), [setParams]);
  const [open, setOpen] = useState<LogRowDto | null>(null);
  // the marks of the newer pages seen, to go back one page ("Mới hơn")
  const newer = useRef<(number | undefined)[]>([]);
  const list = useQuery({ queryKey: logKeys.page(logQuery(state)), queryFn: ({ signal }) => logsApi.page(state, signal), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const nextBefore = list.data?.nextBefore ?? null;
  const setFilters = (patch: Partial<LogScreenState>) => {
    newer.current = [];
    setState(withLogFilters(state, patch));
  };
  const columns: ColumnsType<LogRowDto> = [
    { title: TL.columns.time, key: 'time', render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span> },
    { title: TL.columns.actor, key: 'actor', render: (_v, r) => r.actorUsername ?? <Typography.Text type="secondary">{TL.system}</Typography.Text> },
    { title: TL.columns.action, key: 'action', render: (_v, r) => <Tag style={{ whiteSpace: 'normal' }}>{actionLabel(r.action)}</Tag> },
    {
      title: TL.columns.entity,
      key: 'entity',
      render: (_v, r) => <TwoLines main={<WrapText>{entityLabel(r.entity)}</WrapText>} sub={r.entityId ? `#${r.entityId}` : undefined} />,
    },
    { title: TL.columns.ip, key: 'ip', render: (_v, r) => r.ip ?? '—' },
    { title: TL.columns.changes, key: 'changes', render: (_v, r) => <ChangesCell row={r} /> },
    actionsColumn((r) => (
      <Button size="small" type="link" onClick={() => setOpen(r)}>
        {TL.detail}
      </Button>
    )),
  ];

  const pageNo = newer.current.length + 1;
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <PeriodFilter value={state} onChange={(p) => setFilters(p)} />
          <SelectBox
            aria-label={TL.actor}
            placeholder={TL.allActors}
            allowClear
            style={{ width: 240 }}
            loader={logsApi.actors}
            value={state.actorId}
            onChange={(v: number | undefined) => setFilters({ actorId: v ?? undefined })}
          />
          <NameFilter
            label={TL.action}
            placeholder={TL.allActions}
            options={actionOptions}
            value={state.action}
            onChange={(action) => setFilters({ action })}
          />
          <NameFilter
            label={TL.entity}
            placeholder={TL.allEntities}
            options={entityOptions}
            value={state.entity}
            onChange={(entity) => setFilters({ entity })}
          />
          {state.entity && (
            <Input
              aria-label={TL.entityId}
              placeholder={TL.entityId}
              allowClear
              style={{ width: 150 }}
              defaultValue={state.entityId}
              key={`${state.entity}-${state.entityId ?? ''}`}
              onPressEnter={(e) => setFilters({ entityId: e.currentTarget.value.trim() || undefined })}
              onBlur={(e) => e.currentTarget.value.trim() !== (state.entityId ?? '') && setFilters({ entityId: e.currentTarget.value.trim() || undefined })}
            />
          )}
          {(state.actorId || state.action || state.entity || state.patientUserId) && (
            <Button icon={<ClearOutlined />} onClick={() => setFilters({ actorId: undefined, action: undefined, entity: undefined, patientUserId: undefined })}>
              {T.crud.clearFilters}
            </Button>
          )}
          <span style={{ marginInlineStart: 'auto' }} title={TL.exportHint}>
            <ExportButton run={() => logsApi.export(state)} />
          </span>
        </Flex>
      </Card>
      {state.patientUserId && (
        <Alert
          type="info"
          showIcon
          title={fmt(TL.patientScope, { id: state.patientUserId })}
          action={
            <Link to={`/admin/chi-tiet-y-ba/${state.patientUserId}`}>
              <Button size="small">{TL.backToRecord}</Button>
            </Link>
          }
        />
      )}
      <Card size="small">
        <Flex vertical gap={12}>
          <Table<LogRowDto>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
            scroll={{ x: true }}
            tableLayout="auto"
            pagination={false}
            locale={{ emptyText: T.crud.empty }}
          />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">{fmt(TL.pageInfo, { page: pageNo, count: rows.length })}</Typography.Text>
            <Flex gap={8}>
              <Button
                disabled={state.before === undefined}
                onClick={() => {
                  newer.current = [];
                  setState({ ...state, before: undefined });
                }}
              >
                {TL.newest}
              </Button>
              <Button disabled={state.before === undefined} onClick={() => setState({ ...state, before: newer.current.pop() })}>
                {TL.newer}
              </Button>
              <Button
                type="primary"
                disabled={nextBefore === null}
                onClick={() => {
                  newer.current.push(state.before);
                  setState({ ...state, before: nextBefore ?? undefined });
                }}
              >
                {TL.older}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </Card>
      <LogDetail row={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}

/** /admin/logs (MANAGER_LOG): the audit log, and the background jobs that failed. */
export function LogPage() {
  const me = useMe();
  const [params, setParams] = useScreenParams();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_LOG')) return <ForbiddenPage />;
  const tab = params.get('tab') === 'jobs' ? 'jobs' : 'audit';
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {TL.title}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'jobs' ? new URLSearchParams({ tab: 'jobs' }) : new URLSearchParams())}
        items={[
          { key: 'audit', label: TL.tabs.audit, children: tab === 'audit' && <AuditLog /> },
          { key: 'jobs', label: TL.tabs.jobs, children: tab === 'jobs' && <DeadJobs /> },
        ]}
      />
    </Flex>
  );
}
