import { Col, Form, Input, Row, Select } from 'antd';
import { APP_LINK_TYPE_LABELS, APP_LINK_TYPES, APP_SCREEN_LABELS, APP_SCREENS, type AppLinkType } from '@portal/shared/rules/app-config';
import { TAC } from './app-config.messages';

const F = TAC.form;
const SCREEN_OPTIONS = APP_SCREENS.map((s) => ({ value: s, label: APP_SCREEN_LABELS[s] }));

/** What an entry or a banner opens: the kind, then a screen of the app, an article's alias or a web address. */
export function LinkFields({ allowNone }: { allowNone: boolean }) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('linkType', form) as AppLinkType | undefined;
  const options = APP_LINK_TYPES.filter((t) => allowNone || t !== 'NONE').map((t) => ({ value: t, label: APP_LINK_TYPE_LABELS[t] }));
  return (
    <Row gutter={12}>
      <Col xs={24} md={10}>
        <Form.Item name="linkType" label={F.linkType}>
          <Select aria-label={F.linkType} options={options} />
        </Form.Item>
      </Col>
      <Col xs={24} md={14}>
        {type === 'SCREEN' && (
          <Form.Item name="screen" label={F.screen} rules={[{ required: true, message: F.required.screen }]}>
            <Select aria-label={F.screen} options={SCREEN_OPTIONS} showSearch optionFilterProp="label" />
          </Form.Item>
        )}
        {type === 'NEWS' && (
          <Form.Item name="news" label={F.news} rules={[{ required: true, whitespace: true, message: F.required.news }]}>
            <Input aria-label={F.news} placeholder={F.newsPlaceholder} maxLength={200} />
          </Form.Item>
        )}
        {type === 'URL' && (
          <Form.Item name="url" label={F.url} rules={[{ required: true, whitespace: true, message: F.required.url }]}>
            <Input aria-label={F.url} placeholder={F.urlPlaceholder} maxLength={2000} />
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}
