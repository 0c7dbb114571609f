import { Button, Flex, Typography } from 'antd';
import type { DoctorRow } from '@portal/shared/contracts/doctors.contract';
import { doctorResource } from '@portal/shared/resources';
import { TagList, WrapText } from '../../core/crud/cells';
import { TEXT_MIN_WIDTH } from '../../core/crud/cells.logic';
import type { CellOverrides } from '../../core/crud/list-columns';
import type { ListActions } from '../../core/crud/list-slots';
import type { ResourceRow } from '../../core/crud/resource-api';
import { ResourceListPage } from '../../core/crud/resource-list-page';
import { DoctorAvatar } from './doctor-avatar';
import { DoctorDetailDrawer } from './doctor-detail';
import { DoctorFilterBar } from './doctor-filter-bar';
import { DoctorForm } from './doctor-form';
import { TD } from './doctors.messages';

const asDoctor = (r: ResourceRow) => r as unknown as DoctorRow;
const names = (xs: { id: number; name: string }[]) => <TagList items={xs.map((x) => ({ key: x.id, text: x.name }))} />;

/** Photo, name with titles (opens the detail) and position; the links by name. */
const CELLS: CellOverrides = {
  name: (_v, row, actions) => {
    const d = asDoctor(row);
    return (
      <Flex gap={10} align="center" style={{ minWidth: TEXT_MIN_WIDTH + 50 }}>
        <DoctorAvatar name={d.name} url={d.avatarUrl} />
        <Flex vertical>
          <Typography.Link onClick={() => actions.showDetail(d.id)} data-testid="doctor-name">
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
  departmentId: (_v, row) => <WrapText>{asDoctor(row).department?.name ?? ''}</WrapText>,
  specialtyIds: (_v, row) => names(asDoctor(row).specialties),
  roomIds: (_v, row) => names(asDoctor(row).rooms),
};

const detailAction = (row: ResourceRow, actions: ListActions) => (
  <Button type="link" size="small" onClick={() => actions.showDetail(row.id)}>
    {TD.detail}
  </Button>
);

/**
 * /admin/doctor: the generic list screen of the doctor resource (URL state, columns, bulk bar,
 * Excel export/import) with the doctor's own filter bar, form and detail drawer (`?doctor=<id>`).
 */
export function DoctorPage() {
  return (
    <ResourceListPage
      resource={doctorResource}
      cells={CELLS}
      rowActions={detailAction}
      filters={(p) => <DoctorFilterBar {...p} />}
      form={(p) => <DoctorForm {...p} />}
      detail={(p) => <DoctorDetailDrawer {...p} />}
      detailParam="doctor"
    />
  );
}
