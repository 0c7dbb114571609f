import { useEffect } from 'react';
import { Flex, Form, Input, Modal, Radio, Slider, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  type CreatedScreen,
  createScreenBody,
  DISPLAY_MAX_ROOMS,
  QUEUE_MESSAGES,
  SCREEN_KIND_LABELS,
  SCREEN_KINDS,
  type ScreenRow,
} from '@portal/shared/contracts/queue.contract';
import { fmt, MSG } from '@portal/shared/messages.vi';
import { isApiError } from '../../core/api/api-error';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { splitFieldErrors, zodMessage } from '../../core/crud/zod-rules';
import { focusMarkedField } from '../../core/motion/dialog-focus';
import { notify } from '../../core/notify';
import { queueApi, roomLoader } from './queue.api';
import { roomsError, type ScreenFormValues, screenBody, screenFormValues } from './queue.logic';
import { TQ } from './queue.messages';

const M = TQ.form;
const FIELDS = ['kind', 'name', 'roomIds', 'volume', 'chime'];
const nameSchema = createScreenBody.shape.name;
const VOLUME_MARKS = { 0: '0', 50: '50', 100: '100' };

/**
 * "Tạo liên kết" / "Sửa": a display (the rooms it shows, 1 to 12, its voice's volume and chime) or a kiosk
 * (the rooms it checks in for, none = every room). A link keeps its kind. The server's field errors go
 * next to their fields, its other messages to a toast.
 */
export function ScreenFormDialog({
  open,
  row,
  onClose,
  onCreated,
  onSaved,
}: {
  open: boolean;
  /** The link edited; null = a new one. */
  row: ScreenRow | null;
  onClose: () => void;
  onCreated: (created: CreatedScreen) => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ScreenFormValues>();
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'DISPLAY';
  const volume = Form.useWatch('volume', form);
  const editing = row !== null;

  // one form store serves every opening: each starts from its own row (initialValues apply only to an empty store)
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(screenFormValues(row));
  }, [open, row, form]);

  const save = useMutation({
    mutationFn: async (v: ScreenFormValues) => {
      const { kind: k, ...body } = screenBody(v);
      if (row) return { created: null, res: await queueApi.updateScreen(row.id, body) };
      const res = await queueApi.createScreen({ kind: k, ...body });
      return { created: res.data, res };
    },
    onSuccess: ({ created, res }) => {
      notify.success(res.message ?? (created ? QUEUE_MESSAGES.created : QUEUE_MESSAGES.updated));
      if (created) onCreated(created);
      else onSaved();
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length > 0) {
        const { fields, other } = splitFieldErrors(e.fieldErrors, FIELDS);
        // the body's fields are flat: 'roomIds.2' is the rooms' field
        form.setFields(fields.map((f) => ({ name: (Array.isArray(f.name) ? f.name[0] : f.name) as keyof ScreenFormValues, errors: f.errors })));
        if (other.length > 0 || fields.length === 0) notify.error(other.join('; ') || e.serverMessage || MSG.genericError);
        return;
      }
      reportError(e);
    },
  });

  return (
    <Modal
      open={open}
      title={row ? fmt(M.editTitle, { name: row.name }) : M.createTitle}
      onCancel={onClose}
      okText={editing ? M.submitEdit : M.submitCreate}
      cancelText={M.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      afterOpenChange={focusMarkedField}
      destroyOnHidden
      width={600}
    >
      <Form<ScreenFormValues>
        form={form}
        layout="vertical"
        initialValues={screenFormValues(row)}
        onFinish={(v) => {
          if (!save.isPending) save.mutate({ ...screenFormValues(row), ...v });
        }}
        data-testid="screen-form"
      >
        <Form.Item name="kind" label={M.kind} extra={M.kindHints[kind]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            disabled={editing}
            options={SCREEN_KINDS.map((k) => ({ value: k, label: SCREEN_KIND_LABELS[k] }))}
            // the rooms are checked again for the new kind once they were touched; untouched, they show no error yet
            onChange={() => {
              if (form.isFieldTouched('roomIds')) void form.validateFields(['roomIds']).catch(() => undefined);
              else form.setFields([{ name: 'roomIds', errors: [] }]);
            }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={M.name}
          required
          rules={[
            { validator: (_r, v) => (zodMessage(nameSchema, v ?? '') ? Promise.reject(new Error(zodMessage(nameSchema, v ?? '')!)) : Promise.resolve()) },
          ]}
        >
          <Input maxLength={100} placeholder={M.namePlaceholder} data-autofocus autoFocus />
        </Form.Item>
        <Form.Item
          name="roomIds"
          label={M.rooms}
          required={kind === 'DISPLAY'}
          extra={kind === 'DISPLAY' ? fmt(M.roomsDisplayHint, { max: DISPLAY_MAX_ROOMS }) : M.roomsKioskHint}
          // checked against the kind chosen now (the watched value lags one render behind a click on the kind)
          rules={[
            {
              validator: (_r, v?: number[]) => {
                const e = roomsError(form.getFieldValue('kind') ?? kind, v ?? []);
                return e ? Promise.reject(new Error(e)) : Promise.resolve();
              },
            },
          ]}
        >
          <SelectBox
            aria-label={M.rooms}
            mode="multiple"
            allowClear
            placeholder={M.roomsPlaceholder}
            loader={roomLoader}
            seed={row?.rooms.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        {kind === 'DISPLAY' && (
          <Flex gap={24} align="flex-start">
            <Form.Item name="volume" label={volume === undefined ? M.volume : `${M.volume}: ${volume}`} style={{ flex: 1 }}>
              <Slider min={0} max={100} step={5} marks={VOLUME_MARKS} aria-label={M.volume} />
            </Form.Item>
            <Form.Item name="chime" label={M.chime} valuePropName="checked">
              <Switch aria-label={M.chime} />
            </Form.Item>
          </Flex>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
