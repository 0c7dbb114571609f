import { useEffect } from 'react';
import { Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MENU_NAME_MAX, type MenuItemDto, ORDER_MAX } from '@portal/shared/contracts/app-config.contract';
import { APP_PLATFORM_LABELS, APP_PLATFORMS } from '@portal/shared/rules/app-config';
import { isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { appConfigApi, appConfigKeys } from './app-config.api';
import { formFieldOf, type MenuFormValues, menuBodyOf, menuValuesOf, NEW_MENU } from './app-config.logic';
import { TAC } from './app-config.messages';
import { ICON_OPTIONS } from './app-icons';
import { LinkFields } from './link-fields';

const F = TAC.form;
export const PLATFORM_OPTIONS = APP_PLATFORMS.map((p) => ({ value: p, label: APP_PLATFORM_LABELS[p] }));

/** Adding or editing one entry of the app's home menu, in a dialog; the server's field errors land on their inputs. */
export function MenuItemForm({ open, item, onClose }: { open: boolean; item?: MenuItemDto; onClose: () => void }) {
  const [form] = Form.useForm<MenuFormValues>();
  const qc = useQueryClient();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ? menuValuesOf(item) : NEW_MENU);
  }, [open, item, form]);
  const save = useMutation({
    mutationFn: (v: MenuFormValues) => (item ? appConfigApi.updateMenu(item.id, menuBodyOf(v)) : appConfigApi.createMenu(menuBodyOf(v))),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: appConfigKeys.menu });
      notify.success(TAC.saved);
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length > 0) {
        const type = form.getFieldValue('linkType');
        form.setFields(e.fieldErrors.map((fe) => ({ name: formFieldOf(fe.field, type) as never, errors: [fe.message] })));
      }
      reportError(e);
    },
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) save.mutate({ ...v, ...form.getFieldsValue(true) });
  };
  return (
    <Modal
      open={open}
      title={item ? TAC.menu.editTitle : TAC.menu.createTitle}
      okText={F.save}
      cancelText={F.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form form={form} layout="vertical" initialValues={NEW_MENU} disabled={save.isPending}>
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Form.Item name="name" label={F.name} rules={[{ required: true, whitespace: true, message: F.required.name }]}>
              <Input aria-label={F.name} maxLength={MENU_NAME_MAX} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="icon" label={F.icon} rules={[{ required: true, message: F.required.icon }]}>
              <Select aria-label={F.icon} options={ICON_OPTIONS} showSearch optionFilterProp="title" />
            </Form.Item>
          </Col>
        </Row>
        <LinkFields allowNone={false} />
        <Form.Item name="platforms" label={F.platforms} rules={[{ required: true, type: 'array', min: 1, message: F.required.platforms }]}>
          <Checkbox.Group options={PLATFORM_OPTIONS} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12}>
            <Form.Item name="order" label={F.order} extra={F.orderHint}>
              <InputNumber aria-label={F.order} min={1} max={ORDER_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="visible" label={F.visible} valuePropName="checked">
              <Switch aria-label={F.visible} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
