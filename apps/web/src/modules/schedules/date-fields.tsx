import { Col, Form, Row } from 'antd';
import { DateShorthandInput, dateShorthandRule } from '../../core/blocks/date-shorthand-input';
import { TS } from './schedules.messages';

/** A required date of a schedule form, typed as DD/MM/YYYY or a shorthand (spec §5). */
export function DateField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: TS.required(label) }, dateShorthandRule]}>
      <DateShorthandInput showError={false} aria-label={label} />
    </Form.Item>
  );
}

/** "Từ ngày" and "Đến ngày" side by side (fields `from` and `to`). */
export function DateRangeRow() {
  return (
    <Row gutter={12}>
      <Col span={12}>
        <DateField name="from" label={TS.from} />
      </Col>
      <Col span={12}>
        <DateField name="to" label={TS.to} />
      </Col>
    </Row>
  );
}
