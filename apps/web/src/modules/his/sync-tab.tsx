import { useState } from 'react';
import { Button, Card, Col, Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HIS_MESSAGES,
  HIS_RUN_KIND_LABELS,
  HIS_RUN_KINDS,
  HIS_RUN_STATUS_LABELS,
  HIS_RUN_STATUSES,
  HIS_RUN_TRIGGER_LABELS,
  HIS_SYNC_KIND_LABELS,
  HIS_SYNC_KINDS,
  type HisRunKind,
  type HisRunStatus,
  type HisSyncKind,
  type RunDto,
} from '@portal/shared/contracts/his.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTimeSeconds } from '@portal/shared/rules/format';
import { FilterCard } from '../../core/blocks/filter-card';
import { actionsColumn, TwoLines } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { hisApi, hisKeys } from './his.api';
import { RunCounts, RunStatusTag } from './his-cells';
import { POLL_MS, runActive } from './his.logic';
import { TH } from './his.messages';
import { RunDrawer } from './run-drawer';

const M = TH.sync;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/**
 * Tab "Đồng bộ": start a catalogue sync of each kind (one at a time per kind: the server answers 409 while one is
 * unfinished), the runs newest first (re-read every 2 s while one is queued or running), and a run's drawer.
 */
export function SyncTab() {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<{ kind?: HisRunKind; status?: HisRunStatus }>({});
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const [open, setOpen] = useState<RunDto | null>(null);
  const params = { ...filter, page: state.page, size: state.size };
  const list = useQuery({
    queryKey: hisKeys.runList(params),
    queryFn: ({ signal }) => hisApi.runs(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(runActive) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: (kind: HisSyncKind) => hisApi.startSync(kind),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.runStarted);
      void qc.invalidateQueries({ queryKey: hisKeys.runs });
    },
    // 409: a run of the kind is unfinished, the server says so
    onError: (e) => reportError(e),
  });
  const choose = (next: typeof filter) => {
    setFilter(next);
    setState(EMPTY_LIST_STATE);
  };

  const columns: ColumnsType<RunDto> = [
    { title: M.cols.id, key: 'id', render: (_v, r) => `#${r.id}` },
    {
      title: M.cols.kind,
      key: 'kind',
      render: (_v, r) => <TwoLines main={HIS_RUN_KIND_LABELS[r.kind]} sub={`${HIS_RUN_TRIGGER_LABELS[r.trigger]} · ${r.createdBy ?? M.system}`} />,
    },
    { title: M.cols.status, key: 'status', render: (_v, r) => <RunStatusTag status={r.status} /> },
    { title: M.cols.counts, key: 'counts', render: (_v, r) => <RunCounts run={r} /> },
    { title: M.cols.startedAt, key: 'startedAt', render: (_v, r) => nowrap(formatDateTimeSeconds(r.startedAt)) },
    { title: M.cols.finishedAt, key: 'finishedAt', render: (_v, r) => nowrap(formatDateTimeSeconds(r.finishedAt)) },
    actionsColumn<RunDto>((r) => (
      <Button size="small" type="link" onClick={() => setOpen(r)} aria-label={`${M.open} #${r.id}`}>
        {M.open}
      </Button>
    )),
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex wrap gap={8}>
          {HIS_SYNC_KINDS.map((k) => (
            <Button
              key={k}
              icon={<SyncOutlined />}
              loading={start.isPending && start.variables === k}
              onClick={() => start.mutate(k)}
              data-testid={`his-sync-${k}`}
            >
              {fmt(M.start, { kind: HIS_SYNC_KIND_LABELS[k].toLowerCase() })}
            </Button>
          ))}
        </Flex>
      </Card>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {M.runsTitle}
      </Typography.Title>
      <FilterCard>
        <Col xs={12} lg={6}>
          <Select<HisRunKind>
            aria-label={M.kind}
            placeholder={M.allKinds}
            allowClear
            style={{ width: '100%' }}
            value={filter.kind}
            options={HIS_RUN_KINDS.map((k) => ({ value: k, label: HIS_RUN_KIND_LABELS[k] }))}
            onChange={(kind) => choose({ ...filter, kind })}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Select<HisRunStatus>
            aria-label={M.status}
            placeholder={M.allStatuses}
            allowClear
            style={{ width: '100%' }}
            value={filter.status}
            options={HIS_RUN_STATUSES.map((s) => ({ value: s, label: HIS_RUN_STATUS_LABELS[s] }))}
            onChange={(status) => choose({ ...filter, status })}
          />
        </Col>
      </FilterCard>
      <PagedTable<RunDto> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
      <RunDrawer id={open?.id ?? null} initial={open ?? undefined} onClose={() => setOpen(null)} onRetried={setOpen} />
    </Flex>
  );
}
