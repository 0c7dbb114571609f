import { Checkbox, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { BANNER_TITLE_MAX, type BannerDto, ORDER_MAX } from '@portal/shared/contracts/app-config.contract';
import { BANNER_PERIOD_MESSAGE, bannerPeriodInvalid } from '@portal/shared/rules/app-config';
import { appConfigApi, appConfigKeys } from './app-config.api';
import { type BannerFormValues, bannerBodyOf, bannerValuesOf, instantOf, NEW_BANNER } from './app-config.logic';
import { TAC } from './app-config.messages';
import { LinkFields } from './link-fields';
import { PLATFORM_OPTIONS } from './menu-item-form';
import { ContentImageField } from '../../core/rich-text/content-image-field';
import { ConfigDialog } from './config-dialog';

const F = TAC.form;

const timeRule = {
  validator: async (_r: unknown, v: string | undefined) => (instantOf(v) === undefined ? Promise.reject(new Error(F.timeInvalid)) : undefined),
};

/** Adding or editing a banner, in a dialog. */
export function BannerForm({ open, banner, onClose }: { open: boolean; banner?: BannerDto; onClose: () => void }) {
  const [form] = Form.useForm<BannerFormValues>();
  return (
    <ConfigDialog<BannerFormValues>
      open={open}
      title={banner ? TAC.banners.editTitle : TAC.banners.createTitle}
      width={640}
      form={form}
      initial={banner ? bannerValuesOf(banner) : NEW_BANNER}
      rowKey={banner?.id ?? 'new'}
      save={(v) => (banner ? appConfigApi.updateBanner(banner.id, bannerBodyOf(v)) : appConfigApi.createBanner(bannerBodyOf(v)))}
      listKey={appConfigKeys.allBanners}
      onClose={onClose}
    >
      <Form.Item name="imageUrl" label={F.image} extra={F.imageHint} rules={[{ required: true, message: F.required.image }]}>
        <ContentImageField preview={{ width: 320, height: 160 }} alt={F.image} testId="banner-image-preview" required />
      </Form.Item>
      <Form.Item name="title" label={F.title} rules={[{ required: true, whitespace: true, message: F.required.title }]}>
        <Input aria-label={F.title} maxLength={BANNER_TITLE_MAX} showCount />
      </Form.Item>
      <LinkFields allowNone />
      <Row gutter={12}>
        <Col xs={12}>
          <Form.Item name="activeFrom" label={F.from} rules={[timeRule]}>
            <Input aria-label={F.from} placeholder={F.timePlaceholder} maxLength={16} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="activeTo"
            label={F.to}
            dependencies={['activeFrom']}
            rules={[
              timeRule,
              ({ getFieldValue }) => ({
                validator: async (_r, v: string | undefined) =>
                  bannerPeriodInvalid(instantOf(getFieldValue('activeFrom')) ?? null, instantOf(v) ?? null)
                    ? Promise.reject(new Error(BANNER_PERIOD_MESSAGE))
                    : undefined,
              }),
            ]}
          >
            <Input aria-label={F.to} placeholder={F.timePlaceholder} maxLength={16} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
        {F.periodHint}
      </Typography.Paragraph>
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
