import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Form, Input, Popconfirm, Select, Spin, Tag, Typography } from 'antd';
import { LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { HIS_LOOKUP_BY, HIS_LOOKUP_LABELS, HIS_MESSAGES, type HisLookupBy, type HisPatientDto, lookupQuery } from '@portal/shared/contracts/his.contract';
import { GENDERS, genderLabel } from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate, orDash } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { zodMessage } from '../../core/crud/zod-rules';
import { notify } from '../../core/notify';
import { hisApi, hisKeys } from './his.api';
import { TH } from './his.messages';

const M = TH.patients;
/** The patient record screen (app/menu.ts, /admin/chi-tiet-y-ba/:userId). */
const recordPath = (userId: number) => `/admin/chi-tiet-y-ba/${userId}`;
/** A FHIR birth date may be a year or a month only: shown as it is then. */
const birth = (d: string | null) => (d ? formatDate(d) || d : null);

/** FHIR's male/female/other/unknown (or the portal's MALE/FEMALE) in Vietnamese. */
function gender(g: string | null): string {
  if (!g) return orDash(null);
  const up = g.toUpperCase();
  return M.genders[up as keyof typeof M.genders] ?? (GENDERS.some((x) => x.value === up) ? genderLabel(up) : g);
}

/** One HIS patient: who they are in the HIS, and the portal profile linked to them or the ones that could be. */
function PatientCard({ p, onChanged }: { p: HisPatientDto; onChanged: (next: HisPatientDto | null) => void }) {
  const link = useMutation({
    mutationFn: (profileId: number) => hisApi.link(p.hisId, profileId),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.linked);
      onChanged(res.data);
    },
    onError: (e) => reportError(e),
  });
  const unlink = useMutation({
    mutationFn: () => hisApi.unlink(p.hisId),
    onSuccess: (res) => {
      notify.success(res.message ?? HIS_MESSAGES.unlinked);
      onChanged(null);
    },
    onError: (e) => reportError(e),
  });
  const ids = [
    [M.patientCode, p.patientCode],
    [M.cccd, p.cccd],
    [M.bhyt, p.bhyt],
    [M.hisId, p.hisId],
  ].filter((x): x is [string, string] => !!x[1]);
  return (
    <Card size="small" title={p.name} data-testid="his-patient">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'birth', label: M.birthDate, children: orDash(birth(p.birthDate)) },
          { key: 'gender', label: M.gender, children: gender(p.gender) },
          { key: 'phone', label: M.phone, children: orDash(formatPhone(p.phone ?? '') || p.phone) },
          {
            key: 'ids',
            label: M.identifiers,
            children: (
              <Flex wrap gap={4}>
                {ids.map(([label, v]) => (
                  <Tag key={label}>
                    {label}: {v}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          { key: 'address', label: M.address, children: orDash(p.address), span: 'filled' },
        ]}
      />
      {p.linkedProfile ? (
        <Flex align="center" gap={8} wrap style={{ marginTop: 12 }} data-testid="his-linked">
          <Tag color="success" icon={<LinkOutlined />}>
            {M.linked}
          </Tag>
          <Link to={recordPath(p.linkedProfile.userId)}>
            {p.linkedProfile.name}
            {p.linkedProfile.patientCode ? ` · ${p.linkedProfile.patientCode}` : ''}
          </Link>
          <Popconfirm title={fmt(M.unlinkConfirm, { name: p.linkedProfile.name })} onConfirm={() => unlink.mutate()}>
            <Button size="small" danger loading={unlink.isPending}>
              {M.unlink}
            </Button>
          </Popconfirm>
        </Flex>
      ) : (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Typography.Text strong>{M.candidates}</Typography.Text>
          {p.candidates.length === 0 && <Typography.Text type="secondary">{M.noCandidates}</Typography.Text>}
          {p.candidates.map((c) => (
            <Flex key={c.id} align="center" gap={8} wrap data-testid="his-candidate">
              <Link to={recordPath(c.userId)}>{c.name}</Link>
              <Typography.Text type="secondary">{[c.patientCode, formatDate(c.birthDate)].filter(Boolean).join(' · ')}</Typography.Text>
              <Button
                size="small"
                type="primary"
                icon={<LinkOutlined />}
                loading={link.isPending && link.variables === c.id}
                onClick={() => link.mutate(c.id)}
                aria-label={`${M.link} ${c.name}`}
              >
                {M.link}
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** Tab "Bệnh nhân HIS": look a patient up in the HIS by patient code, CCCD or BHYT, and link them to a portal profile. */
export function PatientsTab() {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ by: HisLookupBy; value: string }>();
  const [asked, setAsked] = useState<{ by: HisLookupBy; value: string } | null>(null);
  const found = useQuery({
    queryKey: asked ? hisKeys.lookup(asked.by, asked.value) : ['his', 'patients', 'none'],
    queryFn: () => hisApi.lookup(asked!.by, asked!.value),
    enabled: asked !== null,
    retry: false,
  });
  // after a link or unlink the patient is read again with the lookup
  const changed = () => void qc.invalidateQueries({ queryKey: hisKeys.lookup(asked!.by, asked!.value) });
  const notFound = found.isError && isApiError(found.error) && found.error.status === 404;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Paragraph type="secondary">{M.hint}</Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          initialValues={{ by: 'PATIENT_CODE', value: '' }}
          onFinish={(v) => setAsked({ by: v.by, value: v.value.trim() })}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="by" label={M.by}>
            <Select style={{ width: 180 }} options={HIS_LOOKUP_BY.map((b) => ({ value: b, label: HIS_LOOKUP_LABELS[b] }))} />
          </Form.Item>
          <Form.Item
            name="value"
            label={M.value}
            rules={[
              {
                validator: async (_r, v: string) => {
                  const message = zodMessage(lookupQuery.shape.value, v ?? '');
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            <Input maxLength={30} style={{ width: 240 }} allowClear />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={found.isFetching}>
              {M.find}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {found.isFetching && !found.data && <Spin />}
      {notFound && <Empty description={M.noResult} />}
      {found.isError && !notFound && <Alert type="error" showIcon title={isApiError(found.error) ? (found.error.serverMessage ?? M.noResult) : M.noResult} />}
      {found.data?.length === 0 && <Empty description={M.noResult} />}
      {found.data?.map((p) => (
        <PatientCard key={p.hisId} p={p} onChanged={changed} />
      ))}
    </Flex>
  );
}
