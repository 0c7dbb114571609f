import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RedoOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HIS_ITEM_ACTION_LABELS,
  HIS_ITEM_ACTIONS,
  HIS_RUN_KIND_LABELS,
  HIS_RUN_TRIGGER_LABELS,
  type HisItemAction,
  type RunDto,
  type RunItemDto,
} from '@portal/shared/contracts/his.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTimeSeconds, orDash } from '@portal/shared/rules/format';
import { TwoLines, WrapText } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { reportError } from '../../core/crud/resource-api';
import { StatusFilteredTable } from '../../core/crud/status-filtered-table';
import { notify } from '../../core/notify';
import { hisApi, hisKeys } from './his.api';
import { RunCounts, RunStatusTag } from './his-cells';
import { ITEM_ACTION_COLOR, POLL_MS, runActive } from './his.logic';
import { TH } from './his.messages';

const M = TH.sync;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'asc' as const } };
const ACTION_OPTIONS = HIS_ITEM_ACTIONS.map((a) => ({ value: a, label: HIS_ITEM_ACTION_LABELS[a] }));

const columns: ColumnsType<RunItemDto> = [
  {
    title: M.itemCols.item,
    key: 'item',
    // the name when the HIS gave one, else its code, else the reference; under it what is left of the three
    render: (_v, i) => {
      const main = i.name ?? i.code ?? i.ref;
      return <TwoLines main={<WrapText>{main}</WrapText>} sub={[i.code, i.ref].filter((x) => x && x !== main).join(' · ')} />;
    },
  },
  { title: M.itemCols.action, key: 'action', render: (_v, i) => <Tag color={ITEM_ACTION_COLOR[i.action]}>{HIS_ITEM_ACTION_LABELS[i.action]}</Tag> },
  {
    title: M.itemCols.message,
    key: 'message',
    render: (_v, i) => (
      <WrapText>
        {i.message && <div>{i.message}</div>}
        {i.changes.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 16 }} aria-label={M.itemCols.changes}>
            {i.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        )}
      </WrapText>
    ),
  },
];

/** The run's log, item by item, filtered by what was done and paged; re-read while the run goes on. */
function RunItems({ id, active }: { id: number; active: boolean }) {
  const [action, setAction] = useState<HisItemAction | undefined>();
  const [state, setState] = useState<ListState>({ ...EMPTY_LIST_STATE, size: 50 });
  const q = { page: state.page, size: state.size };
  const list = useQuery({
    queryKey: hisKeys.items(id, action, q),
    queryFn: ({ signal }) => hisApi.items(id, action, q, signal),
    placeholderData: keepPreviousData,
    refetchInterval: active ? POLL_MS : false,
  });
  return (
    <StatusFilteredTable<RunItemDto, HisItemAction>
      title={M.itemsTitle}
      statusLabel={M.action}
      allLabel={M.allActions}
      options={ACTION_OPTIONS}
      status={action}
      onStatus={setAction}
      list={list}
      state={state}
      onState={setState}
      spec={SPEC}
      columns={columns}
    />
  );
}

/** One run in a drawer: what, how and when, its counts and error, "Chạy lại mục lỗi", and its item log. */
export function RunDrawer({ id, initial, onClose, onRetried }: { id: number | null; initial?: RunDto; onClose: () => void; onRetried: (run: RunDto) => void }) {
  const qc = useQueryClient();
  const run = useQuery({
    queryKey: hisKeys.run(id ?? 0),
    queryFn: () => hisApi.run(id!),
    enabled: id !== null,
    initialData: initial,
    refetchInterval: (q) => (q.state.data && runActive(q.state.data) ? POLL_MS : false),
  });
  const retry = useMutation({
    mutationFn: (runId: number) => hisApi.retryRun(runId),
    onSuccess: (res) => {
      notify.success(res.message ?? TH.sync.retry);
      void qc.invalidateQueries({ queryKey: hisKeys.runs });
      onRetried(res.data);
    },
    onError: (e) => reportError(e),
  });
  const r = run.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={id !== null ? fmt(M.runTitle, { id }) : ''} size="large" destroyOnHidden>
      {r && id !== null && (
        <Flex vertical gap={16} data-testid="his-run-drawer">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'kind', label: M.cols.kind, children: HIS_RUN_KIND_LABELS[r.kind] },
              {
                key: 'trigger',
                label: M.cols.trigger,
                children: `${HIS_RUN_TRIGGER_LABELS[r.trigger]}${r.retryOf ? ` · ${fmt(M.retryOf, { id: r.retryOf })}` : ''}`,
              },
              { key: 'by', label: M.cols.by, children: r.createdBy ?? M.system },
              { key: 'status', label: M.cols.status, children: <RunStatusTag status={r.status} /> },
              { key: 'started', label: M.cols.startedAt, children: orDash(formatDateTimeSeconds(r.startedAt)) },
              { key: 'finished', label: M.cols.finishedAt, children: orDash(formatDateTimeSeconds(r.finishedAt)) },
              {
                key: 'counts',
                label: M.cols.counts,
                children: (
                  <Flex vertical gap={4}>
                    <Typography.Text>
                      {M.counts.total}: {r.total}
                    </Typography.Text>
                    <RunCounts run={r} />
                  </Flex>
                ),
              },
            ]}
          />
          {r.error && <Alert type="error" showIcon title={M.error} description={r.error} />}
          {r.failed > 0 && !runActive(r) && (
            <Flex justify="end">
              <Button icon={<RedoOutlined />} loading={retry.isPending} onClick={() => retry.mutate(r.id)}>
                {M.retry}
              </Button>
            </Flex>
          )}
          <RunItems id={id} active={runActive(r)} />
        </Flex>
      )}
    </Drawer>
  );
}
