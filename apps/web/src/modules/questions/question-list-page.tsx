import { useCallback, useMemo, useState } from 'react';
import { App, Button, Card, Col, Flex, Radio, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { QUESTION_LIVE_TOPIC, type QuestionRowDto } from '@portal/shared/contracts/questions.contract';
import { fmt } from '@portal/shared/messages.vi';
import { QUESTION_STATUS_LABELS, QUESTION_STATUSES } from '@portal/shared/rules/question-status';
import { formatDateTime } from '@portal/shared/rules/format';
import { DayFilter, FilterCard, SearchFilter } from '../../core/blocks/filter-card';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { SelectBox } from '../../core/blocks/select-box';
import { TabbedScreen } from '../../core/blocks/tabbed-screen';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { TEXT_MAX_WIDTH } from '../../core/crud/cells.logic';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { type BulkOutcome, BulkResults } from '../../core/crud/bulk-results';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { useCoalescedInvalidate } from '../../core/live/use-coalesced-invalidate';
import { useLiveTopic } from '../../core/live/use-live';
import { notify } from '../../core/notify';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { QuestionStats } from './question-stats';
import { questionKeys, questionsApi } from './questions.api';
import { askerLine, filtersFromParams, paramsOf, QUESTION_ROUTES, QUESTION_STATUS_COLOR, type QuestionFilters, queryOf, selectable } from './questions.logic';
import { TQ } from './questions.messages';

const C = TQ.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
const TITLE_WIDTH = TEXT_MAX_WIDTH - 20;

/** /admin/question (MANAGER_CONSULTATION; issue 19): the questions and their statistics, in two tabs. */
export function QuestionListPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_CONSULTATION')) return me.data ? <ForbiddenPage /> : null;
  return (
    <TabbedScreen
      title={TQ.title}
      tabs={[
        { key: 'list', label: TQ.tabs.list, render: () => <QuestionList /> },
        { key: 'stats', label: TQ.tabs.stats, render: () => <QuestionStats /> },
      ]}
    />
  );
}

/**
 * The questions, newest first: status tabs with their counts, search without diacritics, specialty, period,
 * sensitivity and overdue filters (all in the URL); new questions arrive live; new ones can be accepted many at once.
 */
function QuestionList() {
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [params, setParams] = useScreenParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback((next: QuestionFilters) => setParams(paramsOf(next), { replace: false }), [setParams]);
  const [selected, setSelected] = useState<QuestionRowDto[]>([]);
  const [results, setResults] = useState<BulkOutcome[] | null>(null);
  const [specialty, setSpecialty] = useState<{ value: number; label: string } | null>(null);
  const q = queryOf(filters);
  const list = useQuery({ queryKey: questionKeys.list(q), queryFn: ({ signal }) => questionsApi.list(q, signal), placeholderData: keepPreviousData });
  const period = { from: filters.from, to: filters.to };
  const stats = useQuery({ queryKey: questionKeys.counts(period), queryFn: () => questionsApi.statusCounts(period), placeholderData: keepPreviousData });
  const refresh = useCoalescedInvalidate(questionKeys.all, 1000);
  useLiveTopic(QUESTION_LIVE_TOPIC, refresh, refresh);
  const bulk = useMutation({
    mutationFn: (rows: QuestionRowDto[]) => questionsApi.bulkAccept(rows.map((r) => r.id)),
    onSuccess: (res, rows) => {
      notify.success(fmt(TQ.bulkDone, { succeeded: res.succeeded, total: rows.length }));
      const titles = new Map(rows.map((r) => [r.id, r.title]));
      if (res.failed)
        setResults(
          res.results.map((r) => ({ id: r.id, label: `#${r.id} ${titles.get(r.id) ?? ''}`, ok: r.ok, detail: r.message ?? QUESTION_STATUS_LABELS[r.status] })),
        );
      setSelected([]);
    },
    onError: (e) => reportError(e),
    onSettled: () => void qc.invalidateQueries({ queryKey: questionKeys.all }),
  });
  const accept = useMutation({
    mutationFn: (id: number) => questionsApi.accept(id),
    onSuccess: () => notify.success(TQ.detail.accepted),
    onError: (e) => reportError(e),
    onSettled: () => void qc.invalidateQueries({ queryKey: questionKeys.all }),
  });

  const state: ListState = { ...EMPTY_LIST_STATE, page: filters.page, size: filters.size };
  const counts = stats.data?.byStatus;
  const statusOptions = [
    { value: 'ALL', label: counts ? `${TQ.allStatuses} (${stats.data!.total.toLocaleString('vi-VN')})` : TQ.allStatuses },
    ...QUESTION_STATUSES.map((s) => ({
      value: s,
      label: counts ? `${QUESTION_STATUS_LABELS[s]} (${counts[s].toLocaleString('vi-VN')})` : QUESTION_STATUS_LABELS[s],
    })),
  ];
  const columns: ColumnsType<QuestionRowDto> = [
    {
      title: C.question,
      key: 'question',
      render: (_v, r) => (
        <Flex vertical>
          <Link to={QUESTION_ROUTES.detail(r.id)}>
            <EllipsisText text={r.title} width={TITLE_WIDTH} />
          </Link>
          <EllipsisText text={r.excerpt} width={TITLE_WIDTH} secondary />
        </Flex>
      ),
    },
    {
      title: C.asker,
      key: 'asker',
      render: (_v, r) => (
        <Flex vertical>
          <EllipsisText text={r.askerName} width={170} />
          <Typography.Text type="secondary">{askerLine(r) || '—'}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: C.assigned,
      key: 'assigned',
      render: (_v, r) => (
        <Flex vertical>
          <EllipsisText text={r.specialty?.name ?? TQ.noSpecialty} width={170} />
          <Typography.Text type="secondary">{r.doctor?.name ?? TQ.unassigned}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: C.status,
      key: 'status',
      render: (_v, r) => (
        <Flex gap={4} wrap>
          <Tag color={QUESTION_STATUS_COLOR[r.status]} data-testid="question-status">
            {QUESTION_STATUS_LABELS[r.status]}
          </Tag>
          {r.sensitive && <Tag color="purple">{TQ.sensitive}</Tag>}
          {r.timing === 'OVERDUE' && (
            <Tag color="red" data-testid="question-overdue">
              {TQ.overdue}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: C.asked,
      key: 'asked',
      render: (_v, r) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>
          {(r.timing === 'WAITING' || r.timing === 'OVERDUE') && (
            <Typography.Text type={r.timing === 'OVERDUE' ? 'danger' : 'secondary'} style={{ whiteSpace: 'nowrap' }}>
              {fmt(TQ.due, { at: formatDateTime(r.dueAt) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    actionsColumn((r) => (
      <Flex gap={0} wrap>
        <Link to={QUESTION_ROUTES.detail(r.id)}>
          <Button size="small" type="link">
            {TQ.open}
          </Button>
        </Link>
        {r.status === 'NEW' && (
          <Button size="small" type="link" onClick={() => accept.mutate(r.id)}>
            {TQ.accept}
          </Button>
        )}
      </Flex>
    )),
  ];
  const sensitivity = filters.overdue ? 'overdue' : filters.sensitive === undefined ? undefined : String(filters.sensitive);
  return (
    <Flex vertical gap={16}>
      <FilterCard>
        <SearchFilter label={TQ.search} value={filters.q} onSearch={(q) => setFilters({ ...filters, q, page: 0 })} col={{ xs: 24, lg: 7 }} />
        <Col xs={24} lg={5}>
          <SelectBox
            loader={questionsApi.loader('specialties')}
            allowClear
            style={{ width: '100%' }}
            aria-label={TQ.specialty}
            placeholder={TQ.allSpecialties}
            value={filters.specialtyId}
            seed={specialty ? [specialty] : undefined}
            onChange={(v, option) => {
              const o = Array.isArray(option) ? undefined : option;
              setSpecialty(v == null || !o ? null : { value: v as number, label: String(o.label) });
              setFilters({ ...filters, specialtyId: (v as number | undefined) ?? undefined, page: 0 });
            }}
          />
        </Col>
        <Col xs={24} lg={4}>
          <Select
            aria-label={TQ.sensitivity}
            placeholder={TQ.sensitivity}
            allowClear
            style={{ width: '100%' }}
            value={sensitivity}
            options={[
              { value: 'overdue', label: TQ.overdueOnly },
              { value: 'true', label: TQ.sensitiveOnly },
              { value: 'false', label: TQ.notSensitive },
            ]}
            onChange={(v: string | undefined) =>
              setFilters({ ...filters, overdue: v === 'overdue' || undefined, sensitive: v === 'true' ? true : v === 'false' ? false : undefined, page: 0 })
            }
          />
        </Col>
        <DayFilter label={TQ.from} value={filters.from} onChange={(from) => setFilters({ ...filters, from, page: 0 })} col={{ xs: 12, lg: 3 }} />
        <DayFilter label={TQ.to} value={filters.to} onChange={(to) => setFilters({ ...filters, to, page: 0 })} col={{ xs: 12, lg: 3 }} />
        <Col xs={8} lg={2}>
          <Button
            onClick={() => {
              setSpecialty(null);
              setFilters({ q: '', page: 0, size: filters.size, status: filters.status });
            }}
          >
            {TQ.clear}
          </Button>
        </Col>
      </FilterCard>
      <Card size="small">
        {/* buttons, not tabs: the screen's own tabs (list, statistics) are above */}
        <Radio.Group
          aria-label={C.status}
          optionType="button"
          buttonStyle="solid"
          value={filters.status ?? 'ALL'}
          options={statusOptions}
          onChange={(e) => setFilters({ ...filters, status: e.target.value === 'ALL' ? undefined : (e.target.value as QuestionFilters['status']), page: 0 })}
          style={{ marginBottom: 12 }}
        />
        <PagedTable<QuestionRowDto>
          list={list}
          state={state}
          onChange={(s) => setFilters({ ...filters, page: s.page, size: s.size })}
          spec={SPEC}
          columns={columns}
          selected={selected}
          onSelect={setSelected}
          selectable={selectable}
          bulkBar={
            <Flex align="center" gap={12} wrap className="crud-bulk-bar" data-testid="bulk-bar">
              <Typography.Text strong>{fmt(TQ.selected, { count: selected.length })}</Typography.Text>
              <Button
                type="primary"
                size="small"
                loading={bulk.isPending}
                onClick={() =>
                  modal.confirm({
                    title: fmt(TQ.bulkAcceptTitle, { count: selected.length }),
                    okText: TQ.yes,
                    cancelText: TQ.no,
                    autoFocusButton: 'ok',
                    onOk: () => bulk.mutate(selected),
                  })
                }
              >
                {fmt(TQ.bulkAccept, { count: selected.length })}
              </Button>
              <Button size="small" type="text" onClick={() => setSelected([])}>
                {TQ.clearSelection}
              </Button>
            </Flex>
          }
        />
      </Card>
      <BulkResults title={TQ.bulkResultTitle} itemTitle={TQ.code} results={results} onClose={() => setResults(null)} />
    </Flex>
  );
}
