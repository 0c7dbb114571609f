import { type ReactNode, useEffect, useRef } from 'react';
import { Form, type FormInstance, Modal } from 'antd';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { formFieldOf } from './app-config.logic';
import { TAC } from './app-config.messages';

interface ConfigDialogProps<V> {
  open: boolean;
  title: string;
  width: number;
  form: FormInstance<V>;
  /** The form's values when it opens: the row's, or a new row's; filled once per opening of `rowKey`. */
  initial: Partial<V>;
  rowKey: number | 'new';
  /** Saves the values (create or update); the list under `listKey` is read again after. */
  save: (values: V) => Promise<unknown>;
  listKey: QueryKey;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The dialog of a menu entry or a banner: opened on its values, saved in one request, the server's field errors put
 * on their inputs (a link's value goes to the input of its kind), then the list is read again and the dialog closes.
 */
export function ConfigDialog<V>({ open, title, width, form, initial, rowKey, save, listKey, onClose, children }: ConfigDialogProps<V>) {
  const qc = useQueryClient();
  const first = useRef(initial);
  first.current = initial;
  // once per opening: a list read again meanwhile never overwrites what the user is typing
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(first.current as never);
  }, [open, rowKey, form]);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: listKey });
      notify.success(TAC.saved);
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length > 0) {
        const type = (form.getFieldsValue(true) as { linkType?: Parameters<typeof formFieldOf>[1] }).linkType;
        form.setFields(e.fieldErrors.map((fe) => ({ name: formFieldOf(fe.field, type) as never, errors: [fe.message] })));
      }
      reportError(e);
    },
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) mutation.mutate({ ...v, ...form.getFieldsValue(true) });
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={TAC.form.save}
      cancelText={TAC.form.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      width={width}
    >
      <Form form={form} layout="vertical" disabled={mutation.isPending}>
        {children}
      </Form>
    </Modal>
  );
}
