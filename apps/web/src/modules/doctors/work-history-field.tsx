import { Button, Col, DatePicker, Empty, Flex, Form, Input, Row, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { workPeriod } from '@portal/shared/contracts/doctors.contract';
import { TD } from './doctors.messages';

/** A working-process row as the form holds it: months 'YYYY-MM'. */
export interface PeriodValues {
  from?: string | null;
  to?: string | null;
  place?: string | null;
  position?: string | null;
}

/** The row as the API body carries it. */
export function toPeriodBody(p: PeriodValues | undefined) {
  return { from: p?.from ?? '', to: p?.to || null, place: p?.place ?? '', position: p?.position?.trim() ? p.position : null };
}

type Key = 'from' | 'to' | 'place' | 'position';

/** One rule per sub-field: the shared `workPeriod` zod schema run on the whole row, its issue for this key. */
function periodRule(form: FormInstance, index: number, key: Key) {
  return {
    validator: async () => {
      const res = workPeriod.safeParse(toPeriodBody(form.getFieldValue(['workHistory', index])));
      const issue = res.success ? undefined : res.error.issues.find((i) => i.path[0] === key);
      if (issue) throw new Error(issue.message);
    },
  };
}

// The form keeps 'YYYY-MM'; the month picker works with dayjs.
const monthProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(`${v}-01`) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM') : null),
};

/** Quá trình công tác: an editable list of periods (from, to or "now", place, position). */
export function WorkHistoryField({ form }: { form: FormInstance }) {
  return (
    <Form.List name="workHistory">
      {(rows, { add, remove }) => (
        <Flex vertical gap={8}>
          {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TD.history.empty} style={{ margin: 0 }} />}
          {rows.map(({ key, name }) => (
            <div key={key} data-testid="work-period" style={{ border: '1px solid rgba(5,5,5,0.1)', borderRadius: 8, padding: '12px 12px 0' }}>
              <Row gutter={12}>
                <Col xs={12} md={6}>
                  <Form.Item name={[name, 'from']} label={TD.history.from} required rules={[periodRule(form, name, 'from')]} {...monthProps}>
                    <DatePicker picker="month" format="MM/YYYY" placeholder="MM/YYYY" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item
                    name={[name, 'to']}
                    label={TD.history.to}
                    dependencies={[['workHistory', name, 'from']]}
                    rules={[periodRule(form, name, 'to')]}
                    {...monthProps}
                  >
                    <DatePicker picker="month" format="MM/YYYY" placeholder={TD.history.toPlaceholder} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name={[name, 'place']} label={TD.history.place} required rules={[periodRule(form, name, 'place')]}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col flex="auto">
                  <Form.Item name={[name, 'position']} label={TD.history.position} rules={[periodRule(form, name, 'position')]}>
                    <Input maxLength={200} />
                  </Form.Item>
                </Col>
                <Col flex="none" style={{ paddingTop: 30 }}>
                  <Button danger type="text" icon={<DeleteOutlined />} aria-label={TD.history.remove} title={TD.history.remove} onClick={() => remove(name)} />
                </Col>
              </Row>
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ from: null, to: null, place: '', position: '' })}>
            {TD.history.add}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
