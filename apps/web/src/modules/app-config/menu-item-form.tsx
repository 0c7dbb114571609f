import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { MENU_NAME_MAX, type MenuItemDto, ORDER_MAX } from '@portal/shared/contracts/app-config.contract';
import { APP_PLATFORM_LABELS, APP_PLATFORMS } from '@portal/shared/rules/app-config';
import { appConfigApi, appConfigKeys } from './app-config.api';
import { type MenuFormValues, menuBodyOf, menuValuesOf, NEW_MENU } from './app-config.logic';
import { TAC } from './app-config.messages';
import { ICON_OPTIONS } from './app-icons';
import { LinkFields } from './link-fields';
import { ConfigDialog } from './config-dialog';

const F = TAC.form;
export const PLATFORM_OPTIONS = APP_PLATFORMS.map((p) => ({ value: p, label: APP_PLATFORM_LABELS[p] }));

/** Adding or editing one entry of the app's home menu, in a dialog; the server's field errors land on their inputs. */
export function MenuItemForm({ open, item, onClose }: { open: boolean; item?: MenuItemDto; onClose: () => void }) {
  const [form] = Form.useForm<MenuFormValues>();
  return (
    <ConfigDialog<MenuFormValues>
      open={open}
      title={item ? TAC.menu.editTitle : TAC.menu.createTitle}
      width={600}
      form={form}
      initial={item ? menuValuesOf(item) : NEW_MENU}
      rowKey={item?.id ?? 'new'}
      save={(v) => (item ? appConfigApi.updateMenu(item.id, menuBodyOf(v)) : appConfigApi.createMenu(menuBodyOf(v)))}
      listKey={appConfigKeys.menu}
      onClose={onClose}
    >
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
    </ConfigDialog>
  );
}
