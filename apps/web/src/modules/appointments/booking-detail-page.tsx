import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BOOKING_PRIORITY_LABELS, BOOKING_SOURCE_LABELS, type BookingDetail, type BookingLogRow } from '@portal/shared/contracts/appointments.contract';
import { fmt } from '@portal/shared/messages.vi';
import { BOOKING_STATUS_LABELS } from '@portal/shared/rules/booking-status';
import { formatDate, formatDateTime, formatVnd, orDash, formatVisit } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { errorMessage } from '../../core/api/api-error';
import { LiveIndicator } from '../../core/live/live-indicator';
import { pollInterval } from '../../core/live/live.logic';
import { bookingKeys, bookingsApi, deskKey } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { BookingActions } from './booking-actions';
import { BookingStatusTag } from './booking-status-tag';
import { BookingTimeTags, useMinuteClock } from './booking-time-tags';
import { hasAuthority } from '@portal/shared/authorities';
import { useMe } from '../auth/use-session';
import { lastListUrl } from './booking-list.logic';
import { logChanges } from './booking-log.logic';
import { useBookingLive } from './use-booking-live';
import { BookingCheckinQr } from '../queue/booking-checkin-qr';

const M = BOOKING_UI.detail;

function who(l: BookingLogRow): string {
  if (l.by) return `${l.by.name} (${l.by.username})`;
  return l.actor === 'PATIENT' ? M.patientActor : M.system;
}

function LogTimeline({ log }: { log: BookingLogRow[] }) {
  return (
    <Timeline
      data-testid="booking-timeline"
      items={log.map((l) => ({
        key: l.id,
        color: l.toStatus === 'REJECTED' || l.toStatus === 'CANCELLED' ? 'red' : l.action === 'revert' ? 'orange' : 'blue',
        content: (
          <Flex vertical gap={2}>
            <Typography.Text strong>
              {BOOKING_UI.logActions[l.action] ?? l.action}
              {' · '}
              {l.fromStatus && l.fromStatus !== l.toStatus
                ? `${BOOKING_STATUS_LABELS[l.fromStatus]} → ${BOOKING_STATUS_LABELS[l.toStatus]}`
                : BOOKING_STATUS_LABELS[l.toStatus]}
            </Typography.Text>
            <Typography.Text type="secondary">
              {formatDateTime(l.at)} · {who(l)}
            </Typography.Text>
            {l.reason && <Typography.Text>{fmt('{label}: {reason}', { label: BOOKING_UI.actions.reason, reason: l.reason })}</Typography.Text>}
            {logChanges(l.action, l.detail).map((line) => (
              <Typography.Text key={line} style={{ fontSize: 12 }}>
                {line}
              </Typography.Text>
            ))}
          </Flex>
        ),
      }))}
    />
  );
}

function Services({ b }: { b: BookingDetail }) {
  if (b.services.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.noServices} />;
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={b.services}
      columns={[
        { title: M.serviceCode, dataIndex: 'code' },
        { title: M.serviceName, dataIndex: 'name' },
        { title: M.price, dataIndex: 'price', align: 'right', render: (v: number) => formatVnd(v) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            <Typography.Text strong>{M.total}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="booking-total">
              {formatVnd(b.totalPrice)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** /admin/quan-ly-dat-kham/:bookingId: one booking with its services, its whole log and its actions. */
export function BookingDetailPage() {
  const id = Number(useParams().bookingId);
  const valid = Number.isInteger(id) && id > 0;
  const live = useBookingLive();
  const queryClient = useQueryClient();
  const me = useMe();
  const recordReader = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_USER');
  const detail = useQuery({
    queryKey: bookingKeys.detail(id),
    queryFn: ({ signal }) => bookingsApi.detail(id, signal),
    enabled: valid,
    refetchInterval: pollInterval(live.status),
  });
  const desk = useQuery({ queryKey: deskKey, queryFn: ({ signal }) => bookingsApi.desk(signal), staleTime: 60_000 });
  const now = useMinuteClock();
  if (!valid || (detail.isError && !detail.data))
    return <Result status="404" title={M.notFound} subTitle={valid ? errorMessage(detail.error, '') : ''} extra={<Link to={lastListUrl()}>{M.back}</Link>} />;
  const b = detail.data;
  if (!b) return <Spin style={{ margin: 48 }} />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={12}>
          <Link to={lastListUrl()}>
            <Button icon={<ArrowLeftOutlined />}>{M.back}</Button>
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {M.title} {b.code}
          </Typography.Title>
          <BookingStatusTag status={b.status} />
          <BookingTimeTags b={b} now={now} desk={desk.data} />
        </Flex>
        <Flex gap={8} align="center">
          <BookingActions booking={b} onDone={refresh} size="middle" />
          {(b.status === 'PENDING' || b.status === 'ACCEPTED') && (
            <Link to={`/admin/cap-nhat-dat-kham/${b.id}`}>
              <Button icon={<EditOutlined />}>{BOOKING_UI.actions.update}</Button>
            </Link>
          )}
        </Flex>
      </Flex>
      <LiveIndicator status={live.status} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Flex vertical gap={16}>
            <Card size="small" title={M.patient}>
              <Descriptions size="small" column={{ xs: 1, md: 2 }}>
                <Descriptions.Item label={M.patient}>
                  {/* the patient's record (profiles, visits, other bookings) for the staff who may read it */}
                  {b.patient.userId !== null && recordReader ? (
                    <Link to={`/admin/chi-tiet-y-ba/${b.patient.userId}`} data-testid="booking-patient-record">
                      <Typography.Text strong>{b.patient.name}</Typography.Text>
                    </Link>
                  ) : (
                    <Typography.Text strong>{b.patient.name}</Typography.Text>
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={M.patientCode}>{orDash(b.patient.patientCode)}</Descriptions.Item>
                <Descriptions.Item label={M.birthDate}>{orDash(formatDate(b.patient.dateOfBirth))}</Descriptions.Item>
                <Descriptions.Item label={M.gender}>{orDash(M.genders[b.patient.gender ?? ''])}</Descriptions.Item>
                <Descriptions.Item label={M.phone}>{orDash(formatPhone(b.patient.phone))}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={M.time}>
              <Descriptions size="small" column={{ xs: 1, md: 2 }}>
                <Descriptions.Item label={M.time}>
                  <Typography.Text strong>{formatVisit(b)}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={M.queue}>
                  <Typography.Text strong data-testid="detail-queue">
                    {orDash(b.queueNumber)}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={M.doctor}>{b.doctor.name}</Descriptions.Item>
                <Descriptions.Item label={M.room}>{`${b.room.code} – ${b.room.name}`}</Descriptions.Item>
                <Descriptions.Item label={M.department}>{b.department.name}</Descriptions.Item>
                <Descriptions.Item label={M.specialty}>{orDash(b.specialty?.name)}</Descriptions.Item>
                <Descriptions.Item label={M.source}>{BOOKING_SOURCE_LABELS[b.source]}</Descriptions.Item>
                <Descriptions.Item label={M.priority}>
                  {b.priority > 0 ? <Tag color="volcano">{BOOKING_PRIORITY_LABELS[b.priority]}</Tag> : BOOKING_PRIORITY_LABELS[0]}
                </Descriptions.Item>
                <Descriptions.Item label={M.symptom} span={2}>
                  {orDash(b.symptom)}
                </Descriptions.Item>
                {b.statusReason && (
                  <Descriptions.Item label={M.reason} span={2}>
                    {b.statusReason}
                  </Descriptions.Item>
                )}
                <Descriptions.Item label={M.createdAt}>{formatDateTime(b.createdAt)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={M.services}>
              <Services b={b} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={9}>
          <Flex vertical gap={16}>
            <BookingCheckinQr booking={b} />
            <Card size="small" title={M.timeline}>
              <LogTimeline log={b.log} />
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
