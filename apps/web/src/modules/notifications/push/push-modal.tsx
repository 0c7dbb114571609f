import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PUSH_BODY_MAX, PUSH_LINK_MAX, PUSH_TITLE_MAX, type NotificationRowDto } from '@portal/shared/contracts/notification-messages.contract';
import { isApiError } from '../../../core/api/api-error';
import { reportError } from '../../../core/crud/resource-api';
import { notify } from '../../../core/notify';
import { PatientPicker } from '../../appointments/patient-picker';
import { pushApi, pushKeys } from './push.api';
import { TPUSH as M } from './push.messages';

interface Values {
  profileId?: number;
  title?: string;
  body?: string;
  link?: string;
}

/**
 * "Gửi thông báo": one message to one patient, sent at once. The patient is found with the booking desk's picker
 * (name without diacritics, phone, CCCD, patient code) through this screen's own search route; the message goes
 * to the chosen profile's account.
 */
export function PushModal({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: (row: NotificationRowDto) => void }) {
  const [form] = Form.useForm<Values>();
  const [userId, setUserId] = useState<number | undefined>();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (v: Values) => pushApi.push({ userId: userId ?? 0, title: v.title ?? '', body: v.body ?? '', link: v.link?.trim() || null }),
    onSuccess: (row) => {
      notify.success(M.push.sent);
      void queryClient.invalidateQueries({ queryKey: pushKeys.all });
      form.resetFields();
      setUserId(undefined);
      onSent(row);
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length > 0) {
        const known = ['title', 'body', 'link'];
        form.setFields(e.fieldErrors.map((fe) => ({ name: known.includes(fe.field) ? (fe.field as keyof Values) : 'profileId', errors: [fe.message] })));
      }
      reportError(e);
    },
  });
  return (
    <Modal
      open={open}
      title={M.push.title}
      okText={M.push.send}
      cancelText={M.push.cancel}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => send.mutate(v)} data-testid="push-form">
        <Form.Item name="profileId" label={M.push.patient} rules={[{ required: true, message: M.push.patientRequired }]}>
          <PatientPicker suggest={pushApi.patients} onHit={(h) => setUserId(h?.userId)} />
        </Form.Item>
        <Form.Item name="title" label={M.push.messageTitle} rules={[{ required: true, whitespace: true, message: M.push.titleRequired }]}>
          <Input maxLength={PUSH_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="body" label={M.push.content} rules={[{ required: true, whitespace: true, message: M.push.bodyRequired }]}>
          <Input.TextArea rows={4} maxLength={PUSH_BODY_MAX} showCount />
        </Form.Item>
        <Form.Item name="link" label={M.push.link}>
          <Input maxLength={PUSH_LINK_MAX} placeholder={M.push.linkPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
