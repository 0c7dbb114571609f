import { useMemo } from 'react';
import { Button, Card, Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ClearOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FEEDBACK_KIND_LABELS, FEEDBACK_KINDS, type FeedbackRowDto, STAR_FILTERS, type StarFilter } from '@portal/shared/contracts/feedback.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { DebouncedInput } from '../../core/blocks/debounced-input';
import { PeriodFilter } from '../../core/blocks/period-filter';
import { actionsColumn, EllipsisText, TwoLines, WrapText } from '../../core/crud/cells';
import { useDetailParam } from '../../core/crud/list-slots';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { useScreenParams } from '../../core/router/use-screen-params';
import { FeedbackDetailDrawer } from './feedback-detail';
import { DepartmentDoctorFilters, ExportLink, RatingCell, StateTags } from './feedback-parts';
import { feedbackApi, feedbackKeys } from './feedback.api';
import { DETAIL_PARAM, type FeedbackListState, listParams, listQuery, parseListState } from './feedback.logic';
import { TF } from './feedback.messages';

const C = TF.cols;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'createdAt', direction: 'desc' as const } };
const COMMENT_WIDTH = 210;
const STAR_OPTIONS = STAR_FILTERS.map((s: StarFilter) => ({ value: s, label: s === 'LOW' ? TF.lowStars : fmt(TF.starsOption, { n: s }) }));
const KIND_OPTIONS = FEEDBACK_KINDS.map((k) => ({ value: k, label: FEEDBACK_KIND_LABELS[k] }));

/**
 * Danh sách phản hồi: every feedback of the period (the day it was given), filtered by department, doctor, stars,
 * complaint state and words without diacritics, newest first, all in the URL; "Xem" opens the drawer (?feedback=<id>)
 * with the whole feedback, the reply and the handling.
 */
export function FeedbackListTab() {
  const [params, setParams] = useScreenParams();
  const s = useMemo(() => parseListState(params), [params]);
  const set = (patch: Partial<FeedbackListState>) => setParams((prev) => listParams({ ...s, page: 0, ...patch }, prev), { replace: false });
  const [detailId, showDetail] = useDetailParam(DETAIL_PARAM);
  const list = useQuery({
    queryKey: feedbackKeys.list(listQuery(s)),
    queryFn: ({ signal }) => feedbackApi.list(s, signal),
    placeholderData: keepPreviousData,
  });
  const state: ListState = { ...EMPTY_LIST_STATE, page: s.page, size: s.size };
  const columns: ColumnsType<FeedbackRowDto> = [
    {
      title: C.createdAt,
      key: 'createdAt',
      render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
    },
    {
      title: C.patient,
      key: 'patient',
      render: (_v, r) => (
        <WrapText>
          <TwoLines main={r.patientName} sub={[r.patientCode, r.phone].filter(Boolean).join(' · ')} />
        </WrapText>
      ),
    },
    {
      title: C.visit,
      key: 'visit',
      render: (_v, r) => (
        <WrapText>
          <TwoLines main={r.departmentName} sub={`${r.doctorName} · ${formatDate(r.visitDate)}`} />
        </WrapText>
      ),
    },
    { title: C.rating, key: 'rating', render: (_v, r) => <RatingCell r={r} /> },
    {
      title: C.comment,
      key: 'comment',
      render: (_v, r) => (r.comment ? <EllipsisText text={r.comment} width={COMMENT_WIDTH} /> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { title: C.state, key: 'state', render: (_v, r) => <StateTags r={r} /> },
    actionsColumn((r) => (
      <Button size="small" type="link" onClick={() => showDetail(r.id)} aria-label={`${TF.view} ${r.patientName} ${formatDateTime(r.createdAt)}`}>
        {TF.view}
      </Button>
    )),
  ];
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <DebouncedInput
            aria-label={TF.search}
            placeholder={TF.search}
            allowClear
            maxLength={200}
            style={{ width: 360 }}
            value={s.q}
            onDebouncedChange={(v) => set({ q: v.trim() })}
          />
          <PeriodFilter value={s} onChange={(p) => set(p)} presets={['today', 'last7', 'thisMonth', 'lastMonth', 'last30']} />
          <DepartmentDoctorFilters departmentId={s.departmentId} doctorId={s.doctorId} set={set} />
          <Select<StarFilter>
            aria-label={TF.stars}
            placeholder={TF.allStars}
            allowClear
            style={{ width: 170 }}
            value={s.stars}
            options={STAR_OPTIONS}
            onChange={(stars) => set({ stars })}
          />
          <Select
            aria-label={TF.kind}
            placeholder={TF.allKinds}
            allowClear
            style={{ width: 190 }}
            value={s.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => set({ kind })}
          />
          <Button icon={<ClearOutlined />} onClick={() => setParams((prev) => listParams({ ...parseListState(new URLSearchParams()) }, prev))}>
            {TF.clear}
          </Button>
          <span style={{ marginInlineStart: 'auto' }}>
            <ExportLink run={(p) => feedbackApi.exportList(s, p)} />
          </span>
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {TF.periodNote}
        </Typography.Text>
      </Card>
      <Card size="small">
        <PagedTable<FeedbackRowDto>
          list={list}
          state={state}
          onChange={(next) => setParams((prev) => listParams({ ...s, page: next.page, size: next.size }, prev), { replace: false })}
          spec={SPEC}
          columns={columns}
        />
      </Card>
      <FeedbackDetailDrawer id={detailId} onClose={() => showDetail(null)} />
    </Flex>
  );
}
