import { cloneElement, type ReactElement } from 'react';
import { Button, Flex, Form, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { fieldSchema, type FieldDef } from '@portal/shared/core/define-resource';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { FIELD_TYPES } from './field-types';
import { inputLimits, zodRule } from './zod-rules';

/** Width of each item input, by type (the row must fit the drawer). */
const ITEM_FLEX: Partial<Record<FieldDef['type'], string>> = { ref: '1 1 220px', money: '0 0 150px', date: '0 0 130px', integer: '0 0 110px' };

/**
 * A 'list' field of a resource definition: its items are rows of small inputs inside the
 * form (e.g. a service's price entries), each input ruled by its own zod schema; the server's
 * errors for `priceEntries.1.denNgay` land on that input.
 */
export function ListFieldInput({ field }: { field: FieldDef }) {
  const items = field.item ?? [];
  const max = field.max ?? 100;
  return (
    <Form.Item label={field.label} required={field.required} extra={field.hint} style={{ marginBottom: 16 }}>
      <Form.List name={field.key}>
        {(rows, { add, remove }) => (
          <Flex vertical gap={8} data-testid={`list-${field.key}`}>
            {rows.length === 0 && <Typography.Text type="secondary">{T.listField.empty}</Typography.Text>}
            {rows.length > 0 && (
              <Flex gap={8}>
                {items.map((item) => (
                  <Typography.Text key={item.key} type="secondary" style={{ flex: ITEM_FLEX[item.type] ?? '1 1 160px', fontSize: 12 }}>
                    {item.label}
                    {item.required ? ' *' : ''}
                  </Typography.Text>
                ))}
                <span style={{ width: 32 }} />
              </Flex>
            )}
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="start" data-testid={`list-${field.key}-row`}>
                {items.map((item) => {
                  const schema = fieldSchema(item);
                  return (
                    <Form.Item
                      key={item.key}
                      name={[row.name, item.key]}
                      rules={[zodRule(item, schema)]}
                      valuePropName={FIELD_TYPES[item.type].valuePropName}
                      style={{ flex: ITEM_FLEX[item.type] ?? '1 1 160px', marginBottom: 0, minWidth: 0 }}
                    >
                      {/* each input is named for screen readers: "Đơn giá 2" */}
                      {cloneElement(FIELD_TYPES[item.type].input(item, inputLimits(schema)) as ReactElement<{ 'aria-label'?: string }>, {
                        'aria-label': `${item.label} ${index + 1}`,
                      })}
                    </Form.Item>
                  );
                })}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={fmt(T.listField.remove, { index: index + 1 })}
                  title={fmt(T.listField.remove, { index: index + 1 })}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} disabled={rows.length >= max} onClick={() => add({})} block>
              {fmt(T.listField.add, { label: field.label.toLowerCase() })}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
