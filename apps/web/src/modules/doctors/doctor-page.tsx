import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import type { DoctorRow } from '@portal/shared/contracts/doctors.contract';
import { doctorResource } from '@portal/shared/resources';
import { T } from '../../app/messages';
import { ImportButton } from '../../core/crud/import-button';
import { listColumns, type CellOverrides } from '../../core/crud/list-columns';
import { exportQuery } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { labelInText, type ResourceRow } from '../../core/crud/resource-api';
import { useResourceList } from '../../core/crud/use-resource-list';
import { useRowActions } from '../../core/crud/use-row-actions';
import { useMe } from '../auth/use-session';
import { DoctorAvatar } from './doctor-avatar';
import { DoctorDetailDrawer } from './doctor-detail';
import { DoctorFilterBar } from './doctor-filter-bar';
import { DoctorForm } from './doctor-form';
import { TD } from './doctors.messages';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
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
  const { selected, setSelected, setActive, remove, bulkBar } = useRowActions({ api, label, invalidate, queryText: JSON.stringify(query) });

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
      onSetActive: (row, active) => setActive({ id: row.id, active }),
      onDelete: (row) => remove(row.id),
    });
  }, [spec, state, setActive, remove, showDetail]);

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
          bulkBar={bulkBar}
        />
      </Card>
      <DoctorDetailDrawer
        id={detailId}
        onClose={() => showDetail(null)}
        onEdit={(d) => setEditing({ id: d.id })}
        onSetActive={(d, active) => setActive({ id: d.id, active })}
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
