import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import type { DoctorRow } from '@portal/shared/contracts/doctors.contract';
import { fmt } from '@portal/shared/messages.vi';
import { doctorResource } from '@portal/shared/resources';
import { T } from '../../app/messages';
import { notify } from '../../core/notify';
import { BulkBar } from '../../core/crud/bulk-bar';
import { ImportButton } from '../../core/crud/import-button';
import { runBulk } from '../../core/crud/bulk.logic';
import { listColumns, type CellOverrides } from '../../core/crud/list-columns';
import { exportQuery } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { labelInText, reportError, type ResourceRow } from '../../core/crud/resource-api';
import { useResourceList } from '../../core/crud/use-resource-list';
import { useMe } from '../auth/use-session';
import { DoctorAvatar } from './doctor-avatar';
import { DoctorDetailDrawer } from './doctor-detail';
import { DoctorFilterBar } from './doctor-filter-bar';
import { DoctorForm } from './doctor-form';
import { TD } from './doctors.messages';
import { ForbiddenPage } from '../../app/forbidden-page';
import { ExportButton } from '../../core/crud/export-button';

const DETAIL_PARAM = 'doctor';
const label = labelInText(doctorResource);
const asDoctor = (r: ResourceRow) => r as unknown as DoctorRow;
const names = (xs: { id: number; name: string }[]) => (
  <Space size={[4, 4]} wrap>
    {xs.map((x) => (
      <Tag key={x.id}>{x.name}</Tag>
    ))}
  </Space>
);

/**
 * /admin/doctor: the doctor list built from the generic list pieces (URL state, columns, bulk
 * bar, export) with the doctor's own filter bar, form and detail drawer (`?doctor=<id>`).
 */
export function DoctorPage() {
  const me = useMe();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], doctorResource.authority);
  const { spec, state, setState, query, list, api, invalidate } = useResourceList(doctorResource, allowed);
  const [params, setParams] = useSearchParams();

  const detailId = /^\d{1,9}$/.test(params.get(DETAIL_PARAM) ?? '') ? Number(params.get(DETAIL_PARAM)) : null;
  const showDetail = useCallback(
    (id: number | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id === null) next.delete(DETAIL_PARAM);
          else next.set(DETAIL_PARAM, String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [selected, setSelected] = useState<ResourceRow[]>([]);
  const queryText = JSON.stringify(query);
  useEffect(() => setSelected([]), [queryText]);

  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.setActive(id, active),
    onSuccess: (res) => notify.success(res.message ?? T.crud.saved),
    onError: (e) => reportError(e),
    onSettled: invalidate,
  });
  const bulk = useMutation({
    mutationFn: async (active: boolean) => {
      const targets = selected.filter((r) => r.active !== active);
      return { active, result: await runBulk(targets, (r) => api.setActive(r.id, active)) };
    },
    onSuccess: ({ active, result }) => {
      const text = fmt(active ? T.crud.bulkReactivated : T.crud.bulkDeactivated, { succeeded: result.succeeded, total: result.total, label });
      if (result.failed === 0) notify.success(text);
      else notify.warning(`${text}. ${fmt(T.crud.bulkFailed, { failed: result.failed })}`);
      setSelected([]);
    },
    onSettled: invalidate,
  });

  const remove = useMutation({
    mutationFn: (id: number) => api.remove(id),
    onSuccess: () => notify.success(fmt(T.crud.deleted, { label })),
    onError: (e) => reportError(e),
    onSettled: invalidate,
  });
  const bulkRemove = useMutation({
    mutationFn: () => runBulk(selected, (r) => api.remove(r.id)),
    onSuccess: (result) => {
      const text = fmt(T.crud.bulkDeleted, { succeeded: result.succeeded, total: result.total, label });
      if (result.failed === 0) notify.success(text);
      else notify.warning(`${text}. ${fmt(T.crud.bulkFailed, { failed: result.failed })}`);
      setSelected([]);
    },
    onSettled: invalidate,
  });

  const mutateActive = setActive.mutate;
  const mutateRemove = remove.mutate;
  const columns = useMemo(() => {
    const cells: CellOverrides = {
      name: (_v, row) => {
        const d = asDoctor(row);
        return (
          <Flex gap={10} align="center">
            <DoctorAvatar name={d.name} url={d.avatarUrl} />
            <Flex vertical>
              <Typography.Link onClick={() => showDetail(d.id)} data-testid="doctor-name">
                {d.displayName}
              </Typography.Link>
              {d.position && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.position}
                </Typography.Text>
              )}
            </Flex>
          </Flex>
        );
      },
      departmentId: (_v, row) => asDoctor(row).department?.name ?? '',
      specialtyIds: (_v, row) => names(asDoctor(row).specialties),
      roomIds: (_v, row) => names(asDoctor(row).rooms),
    };
    return listColumns({
      resource: doctorResource,
      spec,
      state,
      cells,
      rowActions: (row) => (
        <Button type="link" size="small" onClick={() => showDetail(row.id)}>
          {TD.detail}
        </Button>
      ),
      onEdit: (row) => setEditing({ id: row.id }),
      onSetActive: (row, active) => mutateActive({ id: row.id, active }),
      onDelete: (row) => mutateRemove(row.id),
    });
  }, [spec, state, mutateActive, mutateRemove, showDetail]);

  if (!allowed) return <ForbiddenPage />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {doctorResource.labelPlural}
        </Typography.Title>
        <Flex gap={8} wrap>
          <ImportButton resource={doctorResource} onImported={() => void invalidate()} />
          <ExportButton run={() => api.exportExcel(exportQuery(state, spec))} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            {T.crud.add}
          </Button>
        </Flex>
      </Flex>
      <Card size="small">
        <DoctorFilterBar state={state} onChange={setState} />
      </Card>
      <Card size="small">
        <PagedTable<ResourceRow>
          list={list}
          state={state}
          onChange={setState}
          spec={spec}
          columns={columns}
          selected={selected}
          onSelect={setSelected}
          bulkBar={
            <BulkBar
              selected={selected}
              label={label}
              busy={bulk.isPending || bulkRemove.isPending}
              onSetActive={(active) => bulk.mutate(active)}
              onDelete={() => bulkRemove.mutate()}
              onClear={() => setSelected([])}
            />
          }
        />
      </Card>
      <DoctorDetailDrawer
        id={detailId}
        onClose={() => showDetail(null)}
        onEdit={(d) => setEditing({ id: d.id })}
        onSetActive={(d, active) => mutateActive({ id: d.id, active })}
      />
      <DoctorForm
        open={editing !== null}
        doctorId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void invalidate();
        }}
      />
    </Flex>
  );
}
