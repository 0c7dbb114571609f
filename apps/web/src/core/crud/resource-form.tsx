import { useMemo, type ReactElement } from 'react';
import { Button, Drawer, Flex, Form } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FieldDef, Resource } from '@portal/shared/core/define-resource';
import { MSG, fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { isApiError } from '../api/api-error';
import { notify } from '../notify';
import { FIELD_TYPES } from './field-types';
import { ListFieldInput } from './list-field';
import { labelInText, reportError, resourceApi, type ResourceRow } from './resource-api';
import { inputLimits, splitFieldErrors, toBody, toFormValues, zodRule, type FormValues } from './zod-rules';
import { useFormInit } from './use-form-init';

/** A field's own input; `row` is the row being edited (null for a new one). */
export type InputOverrides = Partial<Record<string, (field: FieldDef, ctx: { row: ResourceRow | null }) => ReactElement>>;

export interface ResourceFormProps {
  resource: Resource;
  open: boolean;
  /** The row being edited; null = a new one. */
  row: ResourceRow | null;
  onClose: () => void;
  /** After a successful save (the list is refreshed by the caller). */
  onSaved: (saved: ResourceRow) => void;
  inputs?: InputOverrides;
  /** Extra filters of a ref field's dropdown, by field key. */
  refQueries?: Record<string, Record<string, string>>;
}

/**
 * One drawer for create and edit (STYLE §9). Each field's rule runs the field's zod schema
 * from `resource.body`; the server's field errors (400/409) are put next to their fields.
 * Enter in a one-line input submits.
 */
export function ResourceForm({ resource, open, row, onClose, onSaved, inputs, refQueries }: ResourceFormProps) {
  const [form] = Form.useForm<FormValues>();
  const fields = resource.formFields as readonly FieldDef[];
  const shape = resource.body.shape as Record<string, z.ZodType>;
  const api = useMemo(() => resourceApi(resource), [resource]);
  const label = labelInText(resource);

  // The form stays mounted (forceRender): each opening starts from the row, or empty — once, so a
  // refetched list row never overwrites what the user is typing.
  useFormInit(open, row ? String(row.id) : 'new', () => {
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, row));
  });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (row ? api.update(row.id, body) : api.create(body)),
    onSuccess: (res) => {
      notify.success(res.message ?? T.crud.saved);
      onSaved(res.data);
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length > 0) {
        const { fields: onForm, other } = splitFieldErrors(
          e.fieldErrors,
          fields.map((f) => f.key),
        );
        form.setFields(onForm);
        if (other.length > 0 || onForm.length === 0) notify.error(other.join('; ') || e.serverMessage || MSG.genericError);
        return;
      }
      reportError(e);
    },
  });

  return (
    <Drawer
      title={fmt(row ? T.crud.editTitle : T.crud.createTitle, { label })}
      open={open}
      onClose={onClose}
      size={fields.some((f) => f.type === 'list') ? 760 : 520}
      forceRender
      afterOpenChange={(opened) => {
        // Focus the first field once the drawer has slid in, unless the user already clicked into one.
        const typing = document.activeElement?.closest('.ant-form') != null;
        if (opened && !typing && fields[0]) (form.getFieldInstance(fields[0].key) as { focus?: () => void } | undefined)?.focus?.();
      }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{T.crud.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {T.crud.save}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        name={`${resource.name}-form`}
        layout="vertical"
        onFinish={(values) => {
          if (!save.isPending) save.mutate(toBody(fields, values));
        }}
      >
        {fields.map((f) => {
          const type = FIELD_TYPES[f.type];
          if (f.type === 'list') return <ListFieldInput key={f.key} field={f} />;
          return (
            <Form.Item
              key={f.key}
              name={f.key}
              label={f.label}
              required={f.required && f.type !== 'boolean'}
              rules={[zodRule(f, shape[f.key])]}
              valuePropName={type.valuePropName}
              extra={f.hint}
            >
              {inputs?.[f.key]?.(f, { row }) ?? type.input(f, inputLimits(shape[f.key]), { row, refQuery: refQueries?.[f.key] })}
            </Form.Item>
          );
        })}
        {/* Enter in a field submits the form (the footer's button is outside it). */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
