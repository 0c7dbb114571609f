import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Modal, Popconfirm, Segmented, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ThunderboltOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  HIS_MAP_KIND_LABELS,
  HIS_MAP_KINDS,
  HIS_MATCH_LABELS,
  HIS_MESSAGES,
  type HisMapKind,
  type MapRowDto,
  type RemoteRowDto,
} from '@portal/shared/contracts/his.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { FilterCard, SearchFilter } from '../../core/blocks/filter-card';
import { SelectBox } from '../../core/blocks/select-box';
import { actionsColumn, TwoLines, WrapText } from '../../core/crud/cells';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { hisApi, hisKeys, type MapState } from './his.api';
import { MATCH_COLOR } from './his.logic';
import { TH } from './his.messages';

const M = TH.maps;
const SPEC = { sortable: [], filters: [], defaultSort: { field: 'code', direction: 'asc' as const } };
const STATES: MapState[] = ['all', 'matched', 'unmatched'];
type MapRow = MapRowDto & { id: number };
type RemoteRow = RemoteRowDto & { id: number };

/** "Ghép": one portal item with an unmatched item of the HIS, searched in the HIS's catalogue as last synced. */
function MatchDialog({ kind, row, onClose }: { kind: HisMapKind; row: MapRow; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ hisRef: string }>();
  const save = useMutation({
    mutationFn: (hisRef: string) => hisApi.setMap(kind, row.portalId, hisRef),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.mapSaved);
      void qc.invalidateQueries({ queryKey: hisKeys.maps });
      onClose();
    },
    onError: (e) => reportError(e),
  });
  return (
    <Modal
      open
      title={fmt(M.matchTitle, { name: row.name })}
      okText={M.save}
      cancelText={M.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v.hisRef)}>
        <Form.Item name="hisRef" label={M.hisItem} rules={[{ required: true, message: M.hisItemRequired }]}>
          <SelectBox loader={hisApi.remoteOptions(kind)} reloadKey={kind} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The HIS's items of a kind that no portal item is matched with (as the last sync read them). */
function UnmatchedHis({ kind }: { kind: HisMapKind }) {
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const q = { page: state.page, size: state.size };
  const list = useQuery({
    queryKey: hisKeys.remote(kind, q),
    queryFn: async ({ signal }) => {
      const res = await hisApi.remote(kind, { ...q, unmatched: true }, signal);
      return { ...res, data: res.data.map((r, i) => ({ ...r, id: q.page * q.size + i })) };
    },
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<RemoteRow> = [
    ...codeNameColumns<RemoteRow>(),
    { title: TH.sync.itemCols.ref, key: 'ref', render: (_v, r) => <Typography.Text type="secondary">{r.ref}</Typography.Text> },
    { title: M.cols.seenAt, key: 'seenAt', render: (_v, r) => formatDateTime(r.seenAt) },
  ];
  return (
    <Flex vertical gap={8} data-testid="his-unmatched">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {M.hisTitle}
      </Typography.Title>
      <Typography.Text type="secondary">{M.hisHint}</Typography.Text>
      <PagedTable<RemoteRow> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
    </Flex>
  );
}

/**
 * Tab "Ánh xạ mã": for each kind (khoa, phòng, bác sĩ, dịch vụ), the portal's items and the HIS codes they are matched
 * with; "Tự động ghép" by code then by name, a person's match or unmatching per row, and the HIS's items left over.
 */
/** The code and name columns of a portal item or a HIS item (an inactive one says so). */
function codeNameColumns<T extends { code: string; name: string; active: boolean }>(): ColumnsType<T> {
  return [
    { title: M.cols.code, key: 'code', render: (_v, r) => <Typography.Text code>{r.code}</Typography.Text> },
    {
      title: M.cols.name,
      key: 'name',
      render: (_v, r) => (
        <WrapText>
          {r.name} {!r.active && <Tag>{M.inactive}</Tag>}
        </WrapText>
      ),
    },
  ];
}

export function MapsTab() {
  const qc = useQueryClient();
  const [kind, setKind] = useState<HisMapKind>('SERVICE');
  const [filter, setFilter] = useState<{ state: MapState; q: string }>({ state: 'all', q: '' });
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const [matching, setMatching] = useState<MapRow | null>(null);
  const params = { kind, ...filter, page: state.page, size: state.size };
  const list = useQuery({
    queryKey: hisKeys.mapList(params),
    queryFn: async ({ signal }) => {
      const res = await hisApi.maps(params, signal);
      return { ...res, data: res.data.map((r) => ({ ...r, id: r.portalId })) };
    },
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: hisKeys.maps });
  const auto = useMutation({ mutationFn: () => hisApi.autoMatch(kind), onSuccess: refresh, onError: (e) => reportError(e) });
  const unmatch = useMutation({
    mutationFn: (r: MapRow) => hisApi.setMap(kind, r.portalId, null),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.mapSaved);
      refresh();
    },
    onError: (e) => reportError(e),
  });
  const counts = list.data?.counts;
  const choose = (next: { kind?: HisMapKind; state?: MapState; q?: string }) => {
    if (next.kind) {
      setKind(next.kind);
      auto.reset();
    }
    setFilter({ state: next.state ?? filter.state, q: next.q ?? filter.q });
    setState(EMPTY_LIST_STATE);
  };

  const columns: ColumnsType<MapRow> = [
    ...codeNameColumns<MapRow>(),
    {
      title: M.cols.his,
      key: 'his',
      render: (_v, r) => (r.his ? <TwoLines main={<Typography.Text code>{r.his.code}</Typography.Text>} sub={r.his.name} /> : <Tag>{M.notMatched}</Tag>),
    },
    {
      title: M.cols.method,
      key: 'method',
      render: (_v, r) =>
        r.method && <TwoLines main={<Tag color={MATCH_COLOR[r.method]}>{HIS_MATCH_LABELS[r.method]}</Tag>} sub={formatDateTime(r.matchedAt)} />,
    },
    actionsColumn<MapRow>((r) => (
      <>
        <Button size="small" type="link" onClick={() => setMatching(r)} aria-label={`${M.match} ${r.name}`}>
          {M.match}
        </Button>
        {r.his && (
          <Popconfirm title={fmt(M.unmatchConfirm, { name: r.name, code: r.his.code })} onConfirm={() => unmatch.mutate(r)}>
            <Button size="small" type="link" danger aria-label={`${M.unmatch} ${r.name}`}>
              {M.unmatch}
            </Button>
          </Popconfirm>
        )}
      </>
    )),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented<HisMapKind>
          aria-label={M.kind}
          value={kind}
          onChange={(k) => choose({ kind: k })}
          options={HIS_MAP_KINDS.map((k) => ({ value: k, label: HIS_MAP_KIND_LABELS[k] }))}
        />
        <Button type="primary" icon={<ThunderboltOutlined />} loading={auto.isPending} onClick={() => auto.mutate()}>
          {M.auto}
        </Button>
      </Flex>
      {counts && (
        <Typography.Text data-testid="his-map-counts">
          {fmt(M.counts, { portal: counts.portal, matched: counts.matched, unmatchedPortal: counts.unmatchedPortal, unmatchedHis: counts.unmatchedHis })}
        </Typography.Text>
      )}
      {auto.data && <Alert type="success" showIcon closable onClose={() => auto.reset()} title={fmt(M.autoDone, auto.data)} data-testid="his-auto-result" />}
      <FilterCard>
        <SearchFilter label={M.search} value={filter.q} onSearch={(q) => choose({ q })} col={{ xs: 24, lg: 10 }} />
        <Col>
          <Segmented<MapState>
            aria-label={M.state}
            value={filter.state}
            onChange={(s) => choose({ state: s })}
            options={STATES.map((s) => ({ value: s, label: M.states[s] }))}
          />
        </Col>
      </FilterCard>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {M.portalTitle} · {HIS_MAP_KIND_LABELS[kind]}
      </Typography.Title>
      <PagedTable<MapRow> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
      <UnmatchedHis kind={kind} />
      {matching && <MatchDialog kind={kind} row={matching} onClose={() => setMatching(null)} />}
    </Flex>
  );
}
