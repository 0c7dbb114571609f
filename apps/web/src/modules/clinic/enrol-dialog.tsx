import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MEMBER_NOTE_MAX } from '@portal/shared/contracts/clinic.contract';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { formatDate } from '@portal/shared/rules/format';
import { SelectBox } from '../../core/blocks/select-box';
import { useDebouncedValue } from '../../core/blocks/use-debounced-value';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { clinicApi } from './clinic.api';
import { TC } from './clinic.messages';

const T = TC.enrol;

interface Values {
  medicalProfileId: number;
  program: ClinicProgram;
  doctorId?: number | null;
  note?: string;
}

/** "Ghi danh": find a patient by name, phone or patient code (those already members are shown, not selectable), choose the programme. */
export function EnrolDialog({ open, onClose, onEnrolled }: { open: boolean; onClose: () => void; onEnrolled: (memberId: number) => void }) {
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const found = useQuery({ queryKey: ['clinic', 'candidates', q], queryFn: () => clinicApi.candidates(q), enabled: open && q.length >= 2 });
  const enrol = useMutation({
    mutationFn: (v: Values) => clinicApi.enrol({ medicalProfileId: v.medicalProfileId, program: v.program, doctorId: v.doctorId ?? null, note: v.note ?? '' }),
    onSuccess: (m) => {
      notify.success(`${TC.members.title}: ${m.fullName}`);
      form.resetFields();
      onEnrolled(m.id);
    },
    onError: (e) => reportError(e),
  });
  return (
    <Modal
      title={T.title}
      open={open}
      onCancel={onClose}
      okText={T.submit}
      cancelText={T.cancel}
      confirmLoading={enrol.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={(v) => enrol.mutate(v)} initialValues={{ program: 'HYPERTENSION' }}>
        <Form.Item name="medicalProfileId" label={T.patient} rules={[{ required: true, message: T.patientRequired }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            aria-label={T.find}
            placeholder={T.find}
            notFoundContent={q.length < 2 ? T.findHint : found.isFetching ? undefined : T.none}
            loading={found.isFetching}
            options={(found.data ?? []).map((c) => ({
              value: c.medicalProfileId,
              disabled: c.memberId !== null,
              label: [c.fullName, c.patientCode, c.dateOfBirth ? formatDate(c.dateOfBirth) : null, c.phone, c.memberId !== null ? T.already : null]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
        </Form.Item>
        <Form.Item name="program" label={T.program} rules={[{ required: true, message: T.programRequired }]}>
          <Select aria-label={T.program} options={CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] }))} />
        </Form.Item>
        <Form.Item name="doctorId" label={T.doctor}>
          <SelectBox loader={clinicApi.doctors()} allowClear aria-label={T.doctor} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label={T.note}>
          <Input.TextArea rows={3} maxLength={MEMBER_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
