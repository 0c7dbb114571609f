import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Result, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, AuditOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import {
  genderLabel,
  relationshipLabel,
  type MedicalProfile,
  type PatientHistory,
  type ResultDocumentBrief,
  type ResultFile,
} from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatAge } from '@portal/shared/rules/age';
import { EMPTY_FIELD, formatDate, formatDateTime, orDash } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { addDays } from '@portal/shared/rules/period';
import { todayVn } from '@portal/shared/rules/time';
import { T } from '../../app/messages';
import { errorMessage } from '../../core/api/api-error';
import { useMe } from '../auth/use-session';
import { AccountActions } from './account-actions';
import { patientKeys, patientsApi } from './patients.api';
import { StatusTags } from './patient-list-page';
import { ProfileForm } from './profile-form';
import { FilePreview, ResultFilesTable, UploadResultButton } from './result-files';
import { DocumentViewer, ImportHtmlButton, ResultDocumentsTable } from './result-documents';
import { PatientBookings } from '../appointments/patient-bookings';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { SearchBox } from '../../core/blocks/search-box';
import { FromHisTag, HisRecordLink } from '../his/record-his-link';

const R = T.patients.record;

/** The logs screen on everything about one patient account over the last year (MANAGER_LOG). */
function accessLogUrl(userId: number): string {
  const to = todayVn();
  return `/admin/logs?${new URLSearchParams({ from: addDays(to, -365), to, patientUserId: String(userId) })}`;
}

/** Where a visit comes from: the booking it fulfilled (a link for the front desk) and the HIS encounter number. */
function VisitSource({ h, desk }: { h: PatientHistory; desk: boolean }) {
  return (
    <Flex gap={8} align="center" wrap>
      {h.booking && (
        // the booking's code beside the tag, not in it: a link inside a coloured tag cannot be told from its text
        <Flex gap={4} align="center" title={R.fromBookingHint} data-testid="visit-from-booking">
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {R.fromBooking}
          </Tag>{' '}
          {desk ? <Link to={`/admin/quan-ly-dat-kham/${h.booking.id}`}>{h.booking.code}</Link> : h.booking.code}
        </Flex>
      )}
      {h.hisPulledAt && <FromHisTag at={h.hisPulledAt} />}
      {h.encounterCode && <Typography.Text type="secondary">{fmt(R.visit, { code: h.encounterCode })}</Typography.Text>}
    </Flex>
  );
}

function HistoryCard({
  h,
  userId,
  desk,
  onView,
  onChanged,
}: {
  h: PatientHistory;
  userId: number;
  desk: boolean;
  onView: (f: ResultFile) => void;
  onChanged: () => void;
}) {
  const r = h.medicalRecord;
  const [openDoc, setOpenDoc] = useState<ResultDocumentBrief | null>(null);
  return (
    <Card size="small" title={`${formatDateTime(h.visitedAt)} · ${h.departmentName}`} extra={<VisitSource h={h} desk={desk} />} data-testid="history-card">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'doctor', label: R.doctor, children: orDash(h.doctorName) },
          { key: 'reason', label: R.reason, children: orDash(h.reason) },
          { key: 'diagnosis', label: R.diagnosis, children: `${h.icdCode ? `${h.icdCode} – ` : ''}${orDash(h.diagnosis)}` },
          { key: 'conclusion', label: R.conclusion, children: orDash(h.conclusion) },
          ...(h.followUpDate ? [{ key: 'follow', label: R.followUp, children: formatDate(h.followUpDate) }] : []),
        ]}
      />
      {r && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.medicalRecord}
          </Typography.Title>
          <Descriptions
            size="small"
            column={{ xs: 2, md: 5 }}
            items={[
              { key: 'pulse', label: R.pulse, children: r.pulse ? `${r.pulse} lần/phút` : EMPTY_FIELD },
              { key: 'temp', label: R.temperature, children: r.temperature ? `${r.temperature} °C` : EMPTY_FIELD },
              { key: 'bp', label: R.bloodPressure, children: r.bloodPressure ? `${r.bloodPressure} mmHg` : EMPTY_FIELD },
              { key: 'w', label: R.weight, children: r.weightKg ? `${r.weightKg} kg` : EMPTY_FIELD },
              { key: 'h', label: R.height, children: r.heightCm ? `${r.heightCm} cm` : EMPTY_FIELD },
              { key: 'ex', label: R.examination, children: orDash(r.examination), span: 'filled' },
              { key: 'tr', label: R.treatment, children: orDash(r.treatment), span: 'filled' },
            ]}
          />
        </>
      )}
      {h.prescriptions.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.prescriptions}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={h.prescriptions}
            columns={[
              { title: T.crud.index, key: 'i', width: 50, render: (_v, _r, i) => i + 1 },
              { title: R.drug, dataIndex: 'drugName', key: 'drug' },
              { title: R.ingredient, dataIndex: 'activeIngredient', key: 'ing' },
              { title: R.dose, dataIndex: 'dose', key: 'dose' },
              { title: R.quantity, key: 'qty', render: (_v, x) => `${x.quantity} ${x.unit}` },
              { title: R.usage, dataIndex: 'usage', key: 'usage' },
            ]}
          />
        </>
      )}
      {h.diagnostics.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.diagnostics}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={h.diagnostics}
            columns={[
              {
                title: R.service,
                key: 'svc',
                render: (_v, d) => (
                  <>
                    {d.serviceName} <Tag>{R.kinds[d.kind] ?? d.kind}</Tag>
                  </>
                ),
              },
              {
                title: R.result,
                key: 'res',
                render: (_v, d) =>
                  d.abnormal ? (
                    <Typography.Text type="danger" strong>
                      {d.result} <Tag color="red">{R.abnormal}</Tag>
                    </Typography.Text>
                  ) : (
                    d.result
                  ),
              },
              { title: R.unit, dataIndex: 'unit', key: 'unit', render: (v: string | null) => orDash(v) },
              { title: R.range, dataIndex: 'referenceRange', key: 'range', render: (v: string | null) => orDash(v) },
            ]}
          />
        </>
      )}
      <Flex justify="space-between" align="center" style={{ marginTop: 12 }} wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {R.files}
        </Typography.Title>
        <Flex gap={8} wrap>
          <UploadResultButton userId={userId} profileId={h.profileId} historyId={h.id} onDone={onChanged} />
          <ImportHtmlButton historyId={h.id} onDone={onChanged} />
        </Flex>
      </Flex>
      {h.files.length > 0 && <ResultFilesTable files={h.files} onView={onView} />}
      {h.documents.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.documents}
          </Typography.Title>
          <ResultDocumentsTable documents={h.documents} onView={setOpenDoc} />
          <DocumentViewer
            document={openDoc}
            heading={fmt(R.printHeading, { name: h.profileName, code: h.patientCode, date: formatDateTime(h.visitedAt), department: h.departmentName })}
            onClose={() => setOpenDoc(null)}
          />
        </>
      )}
    </Card>
  );
}

function ProfilePanel({
  p,
  histories,
  looseFiles,
  userId,
  desk,
  onEdit,
  onView,
  onChanged,
  resultQ,
  onResultSearch,
}: {
  p: MedicalProfile;
  histories: PatientHistory[];
  looseFiles: ResultFile[];
  userId: number;
  desk: boolean;
  onEdit: () => void;
  onView: (f: ResultFile) => void;
  onChanged: () => void;
  /** The search in the results (the server expands the facility's acronyms). */
  resultQ: string;
  onResultSearch: (q: string) => void;
}) {
  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title={`${p.fullName} · ${p.patientCode}`}
        extra={
          <Button icon={<EditOutlined />} onClick={onEdit}>
            {R.editProfile}
          </Button>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'code', label: R.patientCode, children: p.patientCode },
            { key: 'rel', label: R.relationship, children: relationshipLabel(p.relationship) },
            { key: 'gender', label: R.gender, children: genderLabel(p.gender) },
            { key: 'birth', label: R.birthDate, children: formatDate(p.birthDate) },
            { key: 'age', label: R.age, children: <span data-testid="profile-age">{formatAge(p.birthDate)}</span> },
            { key: 'phone', label: R.phone, children: orDash(formatPhone(p.phone)) },
            { key: 'cccd', label: R.cccd, children: orDash(p.cccd) },
            { key: 'bhyt', label: R.bhyt, children: p.bhyt ? `${p.bhyt}${p.bhytExpiry ? ` (đến ${formatDate(p.bhytExpiry)})` : ''}` : EMPTY_FIELD },
            { key: 'nation', label: R.nation, children: orDash(p.nationName) },
            { key: 'job', label: R.job, children: orDash(p.jobName) },
            { key: 'email', label: R.email, children: orDash(p.email) },
            { key: 'address', label: R.address, children: orDash(p.address), span: 'filled' },
          ]}
        />
      </Card>
      <PatientBookings userId={userId} profileId={p.id} />
      <Card
        size="small"
        title={R.histories}
        extra={
          <Flex gap={8}>
            <SearchBox q={resultQ} onSearch={onResultSearch} aria-label={R.searchResults} placeholder={R.searchResultsPlaceholder} style={{ width: 280 }} />
            <UploadResultButton userId={userId} profileId={p.id} historyId={null} onDone={onChanged} />
          </Flex>
        }
      >
        <HisRecordLink profileId={p.id} onPulled={onChanged} />
        {histories.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={resultQ ? R.noMatchingHistories : R.noHistories} />
        ) : (
          <Timeline
            items={histories.map((h) => ({
              key: h.id,
              color: h.diagnostics.some((d) => d.abnormal) ? 'red' : 'blue',
              content: <HistoryCard h={h} userId={userId} desk={desk} onView={onView} onChanged={onChanged} />,
            }))}
          />
        )}
        {looseFiles.length > 0 && (
          <>
            <Typography.Title level={5}>{R.looseFiles}</Typography.Title>
            <ResultFilesTable files={looseFiles} onView={onView} />
          </>
        )}
      </Card>
    </Flex>
  );
}

/** /admin/chi-tiet-y-ba/:userId — the account, its profiles as tabs, each with its visit timeline and result files. */
export function PatientRecordPage() {
  const userId = Number(useParams().userId);
  const me = useMe();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_USER');
  const desk = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_APPOINTMENT');
  const auditor = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_LOG');
  const valid = Number.isInteger(userId) && userId > 0;
  const queryClient = useQueryClient();
  const enabled = allowed && valid;
  const detail = useQuery({ queryKey: patientKeys.detail(userId), queryFn: () => patientsApi.detail(userId), enabled, retry: false });
  const profiles = useQuery({
    queryKey: [...patientKeys.detail(userId), 'profiles'],
    queryFn: () => patientsApi.medicalProfiles(userId),
    enabled,
    retry: false,
  });
  const [resultQ, setResultQ] = useState('');
  const histories = useQuery({
    queryKey: [...patientKeys.detail(userId), 'histories', resultQ],
    queryFn: () => patientsApi.histories(userId, resultQ),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const [tab, setTab] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ profile: MedicalProfile | null } | null>(null);
  const [viewing, setViewing] = useState<ResultFile | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: patientKeys.all });

  if (!allowed) return <ForbiddenPage />;
  if (!valid || detail.isError) {
    return (
      <Result
        status="404"
        title={errorMessage(detail.error, 'Không tìm thấy tài khoản bệnh nhân')}
        extra={
          <Link to="/admin/user">
            <Button type="primary">{R.back}</Button>
          </Link>
        }
      />
    );
  }
  const account = detail.data;
  if (!account || !profiles.data || !histories.data)
    return (
      <Flex justify="center" style={{ padding: 64 }}>
        <Spin />
      </Flex>
    );
  const active = tab ?? String(profiles.data[0]?.id ?? '');
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={12} wrap>
          <Link to="/admin/user">
            <Button icon={<ArrowLeftOutlined />}>{R.back}</Button>
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {R.title}: {account.name}
          </Typography.Title>
          <StatusTags row={account} />
          {account.verified ? <Tag color="blue">{T.patients.list.verifiedYes}</Tag> : <Tag>{T.patients.list.verifiedNo}</Tag>}
        </Flex>
        <Flex gap={8} wrap>
          {auditor && (
            <Link to={accessLogUrl(account.id)}>
              <Button icon={<AuditOutlined />}>{R.accessLog}</Button>
            </Link>
          )}
          <AccountActions account={account} onChanged={() => void refresh()} size="middle" />
        </Flex>
      </Flex>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 4 }}
          items={[
            { key: 'id', label: R.account, children: `#${account.id}` },
            { key: 'phone', label: R.phone, children: orDash(formatPhone(account.phone)) },
            { key: 'email', label: R.email, children: orDash(account.email) },
            { key: 'created', label: T.patients.list.createdAt, children: formatDateTime(account.createdAt) },
            { key: 'verifiedAt', label: R.verifiedAt, children: account.verifiedAt ? formatDateTime(account.verifiedAt) : EMPTY_FIELD },
            { key: 'sessions', label: R.sessions, children: account.activeSessions },
            { key: 'reset', label: R.lastReset, children: account.lastPasswordReset ? formatDateTime(account.lastPasswordReset) : EMPTY_FIELD },
          ]}
        />
      </Card>
      {/* beside the tabs, not in their bar: a tab list holds tabs only (axe aria-required-children) */}
      {!account.mergedIntoId && (
        <Flex justify="end">
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ profile: null })}>
            {R.addProfile}
          </Button>
        </Flex>
      )}
      {profiles.data.length === 0 ? (
        <Card>
          <Empty description={R.noProfiles} />
        </Card>
      ) : (
        <Tabs
          type="card"
          activeKey={active}
          onChange={setTab}
          items={profiles.data.map((p) => ({
            key: String(p.id),
            label: `${p.fullName} (${relationshipLabel(p.relationship)})`,
            children: (
              <ProfilePanel
                p={p}
                userId={userId}
                desk={desk}
                histories={histories.data.histories.filter((h) => h.profileId === p.id)}
                looseFiles={histories.data.looseFiles.filter((f) => f.profileId === p.id)}
                resultQ={resultQ}
                onResultSearch={setResultQ}
                onEdit={() => setEditing({ profile: p })}
                onView={setViewing}
                onChanged={() => void refresh()}
              />
            ),
          }))}
        />
      )}
      <ProfileForm
        userId={userId}
        profile={editing?.profile ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <FilePreview file={viewing} onClose={() => setViewing(null)} />
    </Flex>
  );
}
