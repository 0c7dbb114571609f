import { useEffect, useState } from 'react';
import { Button, Checkbox, Col, Flex, Form, Image, Input, InputNumber, Modal, Row, Switch, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANNER_TITLE_MAX, type BannerDto, ORDER_MAX } from '@portal/shared/contracts/app-config.contract';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES } from '@portal/shared/contracts/content.contract';
import { fmt } from '@portal/shared/messages.vi';
import { BANNER_PERIOD_MESSAGE, bannerPeriodInvalid } from '@portal/shared/rules/app-config';
import { errorMessage, isApiError } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { uploadContentImage } from '../../core/rich-text/content-images.api';
import { appConfigApi, appConfigKeys } from './app-config.api';
import { type BannerFormValues, bannerBodyOf, bannerValuesOf, formFieldOf, instantOf, NEW_BANNER } from './app-config.logic';
import { TAC } from './app-config.messages';
import { LinkFields } from './link-fields';
import { PLATFORM_OPTIONS } from './menu-item-form';

const F = TAC.form;

/** The banner's image: checked (JPEG, PNG, WebP up to 5 MB) then uploaded through the content images, shown at 2:1. */
function BannerImage({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical gap={8}>
      {value && <Image src={value} width={320} height={160} style={{ objectFit: 'cover', borderRadius: 8 }} alt={F.image} data-testid="banner-image-preview" />}
      <Upload
        accept={CONTENT_IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          if (!(CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
            notify.error(F.imageWrongType);
            return Upload.LIST_IGNORE;
          }
          if (file.size > CONTENT_IMAGE_MAX_BYTES) {
            notify.error(F.imageTooBig);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            onChange?.((await uploadContentImage(file as File)).url);
          } catch (e) {
            notify.error(fmt(F.uploadFailed, { message: errorMessage(e, '') }));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? F.replace : F.upload}
        </Button>
      </Upload>
    </Flex>
  );
}

const timeRule = {
  validator: async (_r: unknown, v: string | undefined) => (instantOf(v) === undefined ? Promise.reject(new Error(F.timeInvalid)) : undefined),
};

/** Adding or editing a banner, in a dialog. */
export function BannerForm({ open, banner, onClose }: { open: boolean; banner?: BannerDto; onClose: () => void }) {
  const [form] = Form.useForm<BannerFormValues>();
  const qc = useQueryClient();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(banner ? bannerValuesOf(banner) : NEW_BANNER);
  }, [open, banner, form]);
  const save = useMutation({
    mutationFn: (v: BannerFormValues) => (banner ? appConfigApi.updateBanner(banner.id, bannerBodyOf(v)) : appConfigApi.createBanner(bannerBodyOf(v))),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: appConfigKeys.allBanners });
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
      title={banner ? TAC.banners.editTitle : TAC.banners.createTitle}
      okText={F.save}
      cancelText={F.cancel}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={NEW_BANNER} disabled={save.isPending}>
        <Form.Item name="imageUrl" label={F.image} extra={F.imageHint} rules={[{ required: true, message: F.required.image }]}>
          <BannerImage />
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
      </Form>
    </Modal>
  );
}
