import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Flex, Popconfirm, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fmt } from '@portal/shared/messages.vi';
import { doctorResource } from '@portal/shared/resources';
import { ACADEMIC_TITLES, DEGREES, GENDERS, workPeriodLabel } from '@portal/shared/rules/doctor-title';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { resourceKeys } from '../../core/api/query-keys';
import { errorMessage } from '../../core/api/api-error';
import { StateTag } from '../../core/crud/list-columns';
import type { DetailSlotProps } from '../../core/crud/list-slots';
import { labelInText } from '../../core/crud/resource-api';
import { BookingListing, useMayReadListing } from '../appointments/booking-listing';
import { BOOKING_UI } from '../appointments/appointments.messages';
import { DoctorAvatar } from './doctor-avatar';
import { doctorsApi } from './doctors.api';
import { TD } from './doctors.messages';

const labelOf = (key: string) => doctorResource.fields.find((f) => f.key === key)!.label;
const optionLabel = (list: readonly { value: string; label: string }[], v: string | null) => list.find((o) => o.value === v)?.label ?? TD.none;
const text = (v: string | null | undefined): ReactNode => (v?.trim() ? v : <Typography.Text type="secondary">{TD.none}</Typography.Text>);
const tags = (xs: { id: number; name: string }[]) =>
  xs.length ? (
    <Space size={[4, 4]} wrap>
      {xs.map((x) => (
        <Tag key={x.id}>{x.name}</Tag>
      ))}
    </Space>
  ) : (
    text(null)
  );

/** Everything about one doctor, incl. the working process as a timeline (drawer of /admin/doctor?doctor=id). */
export function DoctorDetailDrawer({ id, onClose, actions }: DetailSlotProps) {
  const q = useQuery({ queryKey: resourceKeys(doctorResource.name).detail(id ?? 0), queryFn: () => doctorsApi.detail(id!), enabled: id !== null });
  const d = q.data;
  const label = labelInText(doctorResource);
  const mayReadBookings = useMayReadListing();

  return (
    <Drawer
      title={TD.detailTitle}
      open={id !== null}
      onClose={onClose}
      size={680}
      extra={
        d && (
          <Space>
            <Button onClick={() => actions.edit(d)}>{T.crud.edit}</Button>
            {d.active ? (
              <Popconfirm
                title={fmt(T.crud.deactivateTitle, { label, name: d.displayName })}
                description={T.crud.deactivateHint}
                okText={T.crud.confirm}
                cancelText={T.crud.cancel}
                okButtonProps={{ danger: true }}
                onConfirm={() => actions.setActive(d, false)}
              >
                <Button danger>{T.crud.deactivate}</Button>
              </Popconfirm>
            ) : (
              <Button onClick={() => actions.setActive(d, true)}>{T.crud.reactivate}</Button>
            )}
          </Space>
        )
      }
    >
      {q.isError && <Alert type="error" showIcon message={errorMessage(q.error, TD.detailLoadFailed)} />}
      {q.isLoading && <Spin />}
      {d && (
        <Flex vertical gap={20} data-testid="doctor-detail">
          <Flex gap={16} align="center">
            <DoctorAvatar name={d.name} url={d.avatarUrl} size={88} />
            <Flex vertical gap={4}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {d.displayName}
              </Typography.Title>
              <Typography.Text type="secondary">{[d.position, d.department?.name].filter(Boolean).join(' – ')}</Typography.Text>
              <span>
                <Tag>{d.code}</Tag>
                <StateTag active={d.active} />
              </span>
            </Flex>
          </Flex>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'gender', label: labelOf('gender'), children: optionLabel(GENDERS, d.gender) },
              { key: 'dob', label: labelOf('dateOfBirth'), children: text(formatDate(d.dateOfBirth)) },
              { key: 'title', label: labelOf('academicTitle'), children: optionLabel(ACADEMIC_TITLES, d.academicTitle) },
              { key: 'degree', label: labelOf('degree'), children: optionLabel(DEGREES, d.degree) },
              { key: 'department', label: TD.fields.department, children: text(d.department?.name) },
              { key: 'position', label: labelOf('position'), children: text(d.position) },
              { key: 'specialties', label: TD.fields.specialties, span: 2, children: tags(d.specialties) },
              { key: 'rooms', label: TD.fields.rooms, span: 2, children: tags(d.rooms) },
              { key: 'phone', label: labelOf('phone'), children: text(d.phone) },
              { key: 'email', label: labelOf('email'), children: text(d.email) },
              { key: 'bio', label: labelOf('biography'), span: 2, children: <span style={{ whiteSpace: 'pre-line' }}>{text(d.biography)}</span> },
              { key: 'created', label: TD.fields.createdAt, children: formatDateTime(d.createdAt) },
              { key: 'updated', label: TD.fields.updatedAt, children: formatDateTime(d.updatedAt) },
            ]}
          />
          <div>
            <Typography.Title level={5}>{TD.sections.history}</Typography.Title>
            {d.workHistory.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TD.history.empty} />
            ) : (
              <Timeline
                data-testid="work-timeline"
                items={d.workHistory.map((p) => ({
                  key: p.id,
                  color: p.to ? 'gray' : 'green',
                  content: (
                    <Flex vertical>
                      <Typography.Text strong>{workPeriodLabel(p.from, p.to)}</Typography.Text>
                      <span>{p.place}</span>
                      {p.position && <Typography.Text type="secondary">{p.position}</Typography.Text>}
                    </Flex>
                  ),
                }))}
              />
            )}
          </div>
          {mayReadBookings && <BookingListing by={{ doctorId: d.id }} title={BOOKING_UI.listing.ofDoctor} />}
        </Flex>
      )}
    </Drawer>
  );
}
