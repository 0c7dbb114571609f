import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { CHAT_DESCRIPTION_MAX, CHAT_NAME_MAX, type CreateGroupBody } from '@portal/shared/contracts/clinic-chat.contract';
import { CLINIC_PROGRAM_LABELS, CLINIC_PROGRAMS } from '@portal/shared/rules/clinic-programs';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { clinicApi } from './clinic.api';
import { TC } from './clinic.messages';

const T = TC.chat;

/** "Tạo nhóm": a name, a programme whose active members may all be added, and staff and members chosen by name. */
export function CreateGroupDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const [form] = Form.useForm<CreateGroupBody>();
  const program = Form.useWatch('program', form);
  const create = useMutation({
    mutationFn: (v: CreateGroupBody) => clinicApi.createGroup({ ...v, program: v.program ?? null }),
    onSuccess: (g) => {
      notify.success(`${T.createTitle}: ${g.name}`);
      form.resetFields();
      onCreated(g.id);
    },
    onError: (e) => reportError(e),
  });
  return (
    <Modal
      title={T.createTitle}
      open={open}
      onCancel={onClose}
      okText={T.createSubmit}
      cancelText={T.no}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v)}>
        <Form.Item name="name" label={T.name} rules={[{ required: true, whitespace: true, message: T.nameRequired }]}>
          <Input maxLength={CHAT_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label={T.description}>
          <Input.TextArea rows={2} maxLength={CHAT_DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item name="program" label={T.program}>
          <Select allowClear aria-label={T.program} options={CLINIC_PROGRAMS.map((p) => ({ value: p, label: CLINIC_PROGRAM_LABELS[p] }))} />
        </Form.Item>
        {program && (
          <Form.Item name="withProgramMembers" valuePropName="checked">
            <Checkbox>{T.withProgram}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="accountIds" label={T.addStaff}>
          <SelectBox loader={clinicApi.people('staff')} mode="multiple" aria-label={T.addStaff} />
        </Form.Item>
        <Form.Item name="userIds" label={T.addMembers}>
          <SelectBox loader={clinicApi.people('members')} mode="multiple" aria-label={T.addMembers} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
