import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Divider, Drawer, Flex, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MEMBER_MESSAGES, MEMBER_NOTE_MAX, MEMBER_REASON_MAX, type MemberDetailDto } from '@portal/shared/contracts/clinic.contract';
import { fmt } from '@portal/shared/messages.vi';
import {
  CLINIC_PROGRAM_LABELS,
  CLINIC_PROGRAMS,
  CLINIC_SURVEY_LABELS,
  CLINIC_SURVEYS,
  type ClinicProgram,
  type ClinicSurvey,
  SURVEY_EVERY_DAYS_MAX,
  SURVEY_EVERY_DAYS_MIN,
} from '@portal/shared/rules/clinic-programs';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { clinicApi, clinicKeys } from './clinic.api';
import { TC } from './clinic.messages';
import { CLINIC_ROUTES, PROGRAM_COLOR } from './members.logic';

const T = TC.detail;

/** A member's drawer: who they are, their care (programme, doctor), the staff's note, the surveys, activation; "Nhắn riêng" opens the one-to-one chat. */
export function MemberDrawer({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const qc = useQueryClient();
  const member = useQuery({ queryKey: clinicKeys.member(id), queryFn: () => clinicApi.member(id) });
  const m = member.data;
  const done = (next: MemberDetailDto, message: string) => {
    qc.setQueryData(clinicKeys.member(id), next);
    notify.success(message);
    onChanged();
  };
  return (
    <Drawer open title={m ? fmt(T.title, { name: m.fullName }) : TC.members.title} size={560} onClose={onClose} destroyOnHidden>
      {m && (
        <Flex vertical gap={8}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={T.code}>{m.patientCode}</Descriptions.Item>
            <Descriptions.Item label={T.dob}>{m.dateOfBirth ? formatDate(m.dateOfBirth) : '—'}</Descriptions.Item>
            <Descriptions.Item label={T.phone}>{m.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={T.enrolledAt}>
              {formatDateTime(m.enrolledAt)}
              {m.enrolledBy ? ` · ${m.enrolledBy}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={T.groups}>
              {m.groups.length ? (
                <Space size={[4, 4]} wrap>
                  {m.groups.map((g) => (
                    <Link key={g.id} to={CLINIC_ROUTES.group(g.id)}>
                      <Tag>{g.name}</Tag>
                    </Link>
                  ))}
                </Space>
              ) : (
                T.noGroups
              )}
            </Descriptions.Item>
          </Descriptions>
          <Actions m={m} />
          <Divider titlePlacement="start">{T.care}</Divider>
          <Care m={m} onSaved={(n) => done(n, MEMBER_MESSAGES.saved)} />
          <Divider titlePlacement="start">{T.note}</Divider>
          <Note m={m} onSaved={(n) => done(n, MEMBER_MESSAGES.saved)} />
          <Divider titlePlacement="start">{T.surveys}</Divider>
          <Surveys m={m} onSaved={(n) => done(n, MEMBER_MESSAGES.saved)} />
          <Divider titlePlacement="start">{T.activation}</Divider>
          <Activation m={m} onSaved={(n) => done(n, n.active ? MEMBER_MESSAGES.activated : MEMBER_MESSAGES.deactivated)} />
        </Flex>
      )}
    </Drawer>
  );
}

function Actions({ m }: { m: MemberDetailDto }) {
  const navigate = useNavigate();
  const direct = useMutation({
    mutationFn: () => clinicApi.direct(m.userId),
    onSuccess: (g) => navigate(CLINIC_ROUTES.group(g.id)),
    onError: (e) => reportError(e),
  });
  return (
    <Space wrap>
      <Tag color={PROGRAM_COLOR[m.program]}>{CLINIC_PROGRAM_LABELS[m.program]}</Tag>
      <Tag color={m.active ? 'success' : 'default'}>{m.active ? TC.members.active : TC.members.inactive}</Tag>
      <Button size="small" disabled={!m.active} loading={direct.isPending} onClick={() => direct.mutate()}>
        {TC.members.message}
      </Button>
      <Link to={CLINIC_ROUTES.drug(m.userId)}>
        <Button size="small">{TC.members.medicines}</Button>
      </Link>
    </Space>
  );
}

function Care({ m, onSaved }: { m: MemberDetailDto; onSaved: (m: MemberDetailDto) => void }) {
  const [program, setProgram] = useState<ClinicProgram>(m.program);
  const [doctorId, setDoctorId] = useState<number | null>(m.doctor?.id ?? null);
  const save = useMutation({ mutationFn: () => clinicApi.care(m.id, program, doctorId), onSuccess: onSaved, onError: (e) => reportError(e) });
  return (
    <Flex gap={8} wrap>
      <Select
        aria-label={TC.enrol.program}
        style={{ width: 220 }}
        value={program}
        onChange={setProgram}
        options={CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] }))}
      />
      <SelectBox
        loader={clinicApi.doctors()}
        allowClear
        aria-label={TC.members.doctor}
        placeholder={TC.members.doctor}
        style={{ width: 220 }}
        value={doctorId ?? undefined}
        seed={m.doctor ? [{ value: m.doctor.id, label: m.doctor.name }] : undefined}
        onChange={(v) => setDoctorId((v as number | undefined) ?? null)}
      />
      <Button loading={save.isPending} onClick={() => save.mutate()}>
        {T.saveCare}
      </Button>
    </Flex>
  );
}

function Note({ m, onSaved }: { m: MemberDetailDto; onSaved: (m: MemberDetailDto) => void }) {
  const [note, setNote] = useState(m.note);
  useEffect(() => setNote(m.note), [m.note]);
  const save = useMutation({ mutationFn: () => clinicApi.note(m.id, note), onSuccess: onSaved, onError: (e) => reportError(e) });
  return (
    <Flex vertical gap={8} align="flex-start">
      <Input.TextArea aria-label={T.note} rows={3} value={note} maxLength={MEMBER_NOTE_MAX} showCount onChange={(e) => setNote(e.target.value)} />
      <Button loading={save.isPending} disabled={note === m.note} onClick={() => save.mutate()}>
        {T.saveNote}
      </Button>
    </Flex>
  );
}

function Surveys({ m, onSaved }: { m: MemberDetailDto; onSaved: (m: MemberDetailDto) => void }) {
  const initial = () => new Map(m.surveys.map((s) => [s.kind, s.everyDays]));
  const [chosen, setChosen] = useState<Map<ClinicSurvey, number>>(initial);
  const save = useMutation({
    mutationFn: () =>
      clinicApi.surveys(
        m.id,
        [...chosen].map(([kind, everyDays]) => ({ kind, everyDays })),
      ),
    onSuccess: onSaved,
    onError: (e) => reportError(e),
  });
  const set = (kind: ClinicSurvey, days: number | null) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (days === null) next.delete(kind);
      else next.set(kind, days);
      return next;
    });
  return (
    <Flex vertical gap={6}>
      {CLINIC_SURVEYS.map((kind) => (
        <Flex key={kind} align="center" gap={8} data-testid={`survey-${kind}`}>
          <Switch size="small" aria-label={CLINIC_SURVEY_LABELS[kind]} checked={chosen.has(kind)} onChange={(on) => set(kind, on ? 7 : null)} />
          <Typography.Text style={{ width: 260 }}>{CLINIC_SURVEY_LABELS[kind]}</Typography.Text>
          {chosen.has(kind) && (
            <Space.Compact>
              <InputNumber
                aria-label={`${CLINIC_SURVEY_LABELS[kind]}: ${T.days}`}
                min={SURVEY_EVERY_DAYS_MIN}
                max={SURVEY_EVERY_DAYS_MAX}
                precision={0}
                value={chosen.get(kind)}
                onChange={(v) => set(kind, v ?? SURVEY_EVERY_DAYS_MIN)}
                style={{ width: 80 }}
              />
              <Space.Addon>{T.days}</Space.Addon>
            </Space.Compact>
          )}
        </Flex>
      ))}
      <div>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          {T.saveSurveys}
        </Button>
      </div>
    </Flex>
  );
}

function Activation({ m, onSaved }: { m: MemberDetailDto; onSaved: (m: MemberDetailDto) => void }) {
  const { modal } = App.useApp();
  const save = useMutation({
    mutationFn: (b: { active: boolean; reason?: string }) => clinicApi.activation(m.id, b.active, b.reason),
    onSuccess: onSaved,
    onError: (e) => reportError(e),
  });
  const deactivate = () => {
    let reason = '';
    modal.confirm({
      title: fmt(T.deactivateTitle, { name: m.fullName }),
      content: (
        <Flex vertical gap={8}>
          <Typography.Text>{T.deactivateText}</Typography.Text>
          <Input.TextArea aria-label={T.reason} placeholder={T.reason} maxLength={MEMBER_REASON_MAX} rows={2} onChange={(e) => (reason = e.target.value)} />
        </Flex>
      ),
      okText: T.deactivate,
      okButtonProps: { danger: true },
      cancelText: TC.chat.no,
      onOk: () => {
        if (!reason.trim()) {
          notify.error(T.reasonRequired);
          return Promise.reject(new Error(T.reasonRequired));
        }
        return save.mutateAsync({ active: false, reason: reason.trim() });
      },
    });
  };
  return (
    <Flex vertical gap={8} align="flex-start">
      {m.deactivationReason && (
        <Typography.Text type="secondary">{fmt(T.lastReason, { reason: m.deactivationReason, at: formatDateTime(m.deactivatedAt) })}</Typography.Text>
      )}
      {m.active ? (
        <Button danger onClick={deactivate}>
          {T.deactivate}
        </Button>
      ) : (
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate({ active: true })}>
          {T.activate}
        </Button>
      )}
    </Flex>
  );
}
