import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Col, Divider, Drawer, Flex, Form, Row, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FieldDef } from '@portal/shared/core/define-resource';
import { doctorBody, type DoctorDetail } from '@portal/shared/contracts/doctors.contract';
import { MSG, fmt } from '@portal/shared/messages.vi';
import { doctorResource } from '@portal/shared/resources';
import { T } from '../../app/messages';
import { resourceKeys } from '../../core/api/query-keys';
import { errorMessage, isApiError } from '../../core/api/api-error';
import { FIELD_TYPES } from '../../core/crud/field-types';
import type { FormSlotProps } from '../../core/crud/list-slots';
import { labelInText, reportError, type ResourceRow } from '../../core/crud/resource-api';
import { useFormInit } from '../../core/crud/use-form-init';
import { inputLimits, splitFieldErrors, toBody, toFormValues, zodRule, type FormValues } from '../../core/crud/zod-rules';
import { notify } from '../../core/notify';
import { AvatarPicker, type AvatarChange } from './avatar-picker';
import { doctorsApi } from './doctors.api';
import { TD } from './doctors.messages';
import { LinkSelect } from './link-select';
import { WorkHistoryField, toPeriodBody, type PeriodValues } from './work-history-field';

const FIELDS = doctorResource.formFields as readonly FieldDef[];
const SHAPE = doctorBody.shape as Record<string, z.ZodType>;
const byKey = (k: string) => FIELDS.find((f) => f.key === k)!;
const label = labelInText(doctorResource);

const SECTIONS: { title: string; keys: string[]; wide?: string[] }[] = [
  { title: TD.sections.general, keys: ['code', 'name', 'gender', 'dateOfBirth', 'academicTitle', 'degree'] },
  { title: TD.sections.work, keys: ['departmentId', 'position', 'specialtyIds', 'roomIds'], wide: ['specialtyIds', 'roomIds'] },
  { title: TD.sections.contact, keys: ['phone', 'email'] },
  { title: TD.sections.biography, keys: ['biography'], wide: ['biography'] },
];

/**
 * One drawer for creating and editing a doctor: the resource's fields (rules from the shared zod
 * body), multi-select specialties and rooms, the working process, and the photo. The server's
 * field errors land next to their fields, working-process rows included.
 */
export function DoctorForm({ open, row: listed, onClose, onSaved }: FormSlotProps) {
  // The doctor being edited (null = a new one), read in full: the list row lacks the working process.
  const doctorId = listed?.id ?? null;
  const [form] = Form.useForm<FormValues>();
  const api = doctorsApi.resource;
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'keep' });
  const name = Form.useWatch('name', form) as string | undefined;

  const detail = useQuery({
    queryKey: resourceKeys(doctorResource.name).detail(doctorId ?? 0),
    queryFn: () => doctorsApi.detail(doctorId!),
    enabled: open && doctorId !== null,
    // read fresh at each opening (below); not again while the form is being filled
    refetchOnWindowFocus: false,
  });
  const row = doctorId === null ? null : (detail.data ?? null);
  // Ready once the doctor is read as it is now: a cached copy still being refetched is not (the form would
  // show it, let the user type, then be refilled from the fresh answer).
  const ready = doctorId === null || (row !== null && !detail.isFetching);

  // Names of the edited doctor's links, so chosen values show at once.
  const known = useMemo(() => {
    const m = new Map<number, string>();
    if (row) for (const x of [row.department, ...row.specialties, ...row.rooms]) if (x) m.set(x.id, x.name);
    return m;
  }, [row]);

  // Once per opening (core/crud/use-form-init): a later refetch never overwrites what the user typed.
  useFormInit(open, ready ? String(doctorId ?? 'new') : null, () => {
    form.resetFields();
    form.setFieldsValue({
      ...toFormValues(FIELDS, row as ResourceRow | null),
      workHistory: row?.workHistory.map((p) => ({ from: p.from, to: p.to, place: p.place, position: p.position ?? '' })) ?? [],
    });
    setAvatar({ kind: 'keep' });
  });
  // Closed: forget the values, so the next opening never shows the previous doctor while it loads.
  useEffect(() => {
    if (!open) form.resetFields();
  }, [open, form]);

  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const res = doctorId !== null ? await api.update(doctorId, body) : await api.create(body);
      let saved = res.data as unknown as DoctorDetail;
      let avatarError: unknown = null;
      try {
        if (avatar.kind === 'set') saved = await doctorsApi.uploadAvatar(saved.id, avatar.file);
        else if (avatar.kind === 'remove') saved = await doctorsApi.removeAvatar(saved.id);
      } catch (e) {
        avatarError = e;
      }
      return { message: res.message, saved, avatarError };
    },
    onSuccess: ({ message, saved, avatarError }) => {
      if (avatarError) notify.warning(`${TD.avatar.uploadFailed}: ${errorMessage(avatarError, MSG.genericError)}`);
      else notify.success(message ?? T.crud.saved);
      onSaved(saved);
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length > 0) {
        const history = e.fieldErrors.filter((x) => x.field.startsWith('workHistory.'));
        const { fields: onForm, other } = splitFieldErrors(
          e.fieldErrors.filter((x) => !history.includes(x)),
          FIELDS.map((f) => f.key),
        );
        form.setFields([...onForm, ...history.map((x) => ({ name: x.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [x.message] }))]);
        if (other.length > 0 || (onForm.length === 0 && history.length === 0)) notify.error(other.join('; ') || e.serverMessage || MSG.genericError);
        return;
      }
      reportError(e);
    },
  });

  const input = (f: FieldDef): ReactElement => {
    if (f.key === 'departmentId') return <LinkSelect kind="departments" known={known} allowClear />;
    if (f.key === 'specialtyIds') return <LinkSelect kind="specialties" known={known} mode="multiple" allowClear />;
    if (f.key === 'roomIds') return <LinkSelect kind="rooms" known={known} mode="multiple" allowClear />;
    return FIELD_TYPES[f.type].input(f, inputLimits(SHAPE[f.key]!));
  };

  return (
    <Drawer
      title={fmt(doctorId !== null ? T.crud.editTitle : T.crud.createTitle, { label })}
      open={open}
      onClose={onClose}
      size={760}
      forceRender
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{T.crud.cancel}</Button>
          <Button type="primary" loading={save.isPending} disabled={!ready} onClick={() => form.submit()}>
            {T.crud.save}
          </Button>
        </Flex>
      }
    >
      {detail.isError && <Alert type="error" showIcon message={errorMessage(detail.error, TD.detailLoadFailed)} />}
      <Spin spinning={!ready && !detail.isError}>
        <Form
          form={form}
          disabled={!ready}
          name="doctors-form"
          layout="vertical"
          onFinish={(values) => {
            if (save.isPending) return;
            const body = { ...toBody(FIELDS, values), workHistory: ((values.workHistory as PeriodValues[] | undefined) ?? []).map(toPeriodBody) };
            save.mutate(body);
          }}
        >
          <Form.Item label={TD.avatar.label}>
            <AvatarPicker name={name ?? row?.name ?? ''} currentUrl={row?.avatarUrl ?? null} change={avatar} onChange={setAvatar} />
          </Form.Item>
          {SECTIONS.map((s) => (
            <div key={s.title}>
              <Divider titlePlacement="start" plain style={{ marginTop: 4 }}>
                {s.title}
              </Divider>
              <Row gutter={16}>
                {s.keys.map((k) => {
                  const f = byKey(k);
                  return (
                    <Col key={k} xs={24} md={s.wide?.includes(k) ? 24 : 12}>
                      <Form.Item
                        name={k}
                        label={f.label}
                        required={f.required}
                        rules={[zodRule(f, SHAPE[k]!)]}
                        valuePropName={FIELD_TYPES[f.type].valuePropName}
                      >
                        {input(f)}
                      </Form.Item>
                    </Col>
                  );
                })}
              </Row>
            </div>
          ))}
          <Divider titlePlacement="start" plain>
            {TD.sections.history}
          </Divider>
          <WorkHistoryField form={form} />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      </Spin>
    </Drawer>
  );
}
