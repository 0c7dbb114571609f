import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Popconfirm, Segmented, Select, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type GeneralConfigRow, generalConfigProblem } from '@portal/shared/contracts/settings.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { formatSettingValue, SETTING_TYPE_LABELS, type SettingKeyDef, type SettingValue, settingDef } from '@portal/shared/rules/settings-keys';
import { isApiError } from '../../core/api/api-error';
import { actionsColumn } from '../../core/crud/cells';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { settingsApi, settingsKeys } from './settings.api';
import { TS } from './settings.messages';

const M = TS.config;
const C = M.cols;

const shown = (row: GeneralConfigRow, v: SettingValue) => {
  const def = settingDef(row.key);
  return def ? formatSettingValue(def, v) : String(v ?? '—');
};

/** The box a key's type is typed in: text for the numbers too, so a wrong value gets the shared rule's message. */
function ValueInput({ row, value, onChange }: { row: GeneralConfigRow; value?: SettingValue; onChange?: (v: SettingValue) => void }) {
  if (row.type === 'boolean') {
    return <Switch aria-label={M.value} checked={value === true} onChange={(v) => onChange?.(v)} checkedChildren={M.on} unCheckedChildren={M.off} />;
  }
  if (row.type === 'enum') {
    return <Select aria-label={M.value} value={value as string} onChange={(v) => onChange?.(v)} options={row.options} style={{ width: '100%' }} />;
  }
  return (
    <Input
      aria-label={M.value}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
      placeholder={row.type === 'time' ? 'HH:mm' : row.type === 'url' ? 'https://' : undefined}
      maxLength={row.type === 'string' && row.max ? row.max + 50 : 600}
      allowClear={row.nullable}
    />
  );
}

function EditModal({ row, onClose }: { row: GeneralConfigRow; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ value: SettingValue }>();
  const save = useMutation({
    mutationFn: (value: SettingValue) => settingsApi.set(row.key, value),
    onSuccess: (res) => {
      notify.success(res.message ?? '');
      void qc.invalidateQueries({ queryKey: settingsKeys.all });
      onClose();
    },
    onError: (e) => {
      // the server says why (the same rule as the box); show it under the box
      if (isApiError(e) && e.status === 400 && e.serverMessage) form.setFields([{ name: 'value', errors: [e.serverMessage] }]);
      else reportError(e);
    },
  });
  const def = settingDef(row.key) as SettingKeyDef | undefined;
  const range = row.type === 'integer' && row.min !== null && row.max !== null ? fmt(M.range, { min: row.min, max: row.max }) : null;
  return (
    <Modal
      open
      title={fmt(M.editTitle, { label: row.label })}
      onCancel={onClose}
      okText={M.save}
      cancelText={M.cancel}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{row.description}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ value: row.effective }}
        onFinish={(v) => save.mutate(typeof v.value === 'string' ? v.value.trim() || null : (v.value ?? null))}
      >
        <Form.Item
          name="value"
          label={M.value}
          extra={[fmt(M.type, { type: SETTING_TYPE_LABELS[row.type] }), range, def ? fmt(M.defaultIs, { value: shown(row, row.default) }) : null]
            .filter(Boolean)
            .join(' · ')}
          rules={[
            {
              validator: async (_r, v) => {
                const problem = generalConfigProblem(row.key, typeof v === 'string' ? v.trim() : v);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <ValueInput row={row} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * "Cấu hình chung" (issue 18; spec §7 "general config"; MANAGER_SETTING): every key the system knows with its
 * description, the value in use (the facility's own, or the default), the default and who changed it when; edit a
 * value (checked by its type: the same rule as the server's) or bring it back to the default. "Đang dùng mặc định"
 * lists the keys the facility has not set (the API's not-exists). A tab of /admin/menu and of /admin/settings.
 */
export function GeneralConfigTab() {
  const qc = useQueryClient();
  const [view, setView] = useState<'all' | 'notSet'>('all');
  const [editing, setEditing] = useState<GeneralConfigRow | null>(null);
  const list = useQuery({ queryKey: settingsKeys.config, queryFn: settingsApi.list });
  const notSet = useQuery({ queryKey: settingsKeys.notSet, queryFn: settingsApi.notExists, enabled: view === 'notSet' });
  const reset = useMutation({
    mutationFn: (key: string) => settingsApi.reset(key),
    onSuccess: (res) => {
      notify.success(res.message ?? '');
      void qc.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (e) => reportError(e),
  });
  const notSetKeys = new Set((notSet.data ?? []).map((k) => k.key));
  const rows = view === 'all' ? (list.data ?? []) : (list.data ?? []).filter((r) => notSetKeys.has(r.key));

  const columns: ColumnsType<GeneralConfigRow> = [
    {
      title: C.key,
      key: 'key',
      render: (_v, r) => (
        <Flex vertical gap={2}>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{r.label}</Typography.Text>
            {r.app && <Tag color="blue">{M.appTag}</Tag>}
          </Flex>
          <Typography.Text type="secondary">{r.description}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} code>
            {r.key}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: C.value,
      key: 'value',
      width: 210,
      render: (_v, r) => (
        <Flex vertical gap={4} align="start" data-testid={`config-value-${r.key}`}>
          <Typography.Text strong style={{ wordBreak: 'break-word' }}>
            {shown(r, r.effective)}
          </Typography.Text>
          <Tag color={r.isSet ? 'green' : undefined}>{r.isSet ? M.own : M.isDefault}</Tag>
        </Flex>
      ),
    },
    {
      title: C.default,
      key: 'default',
      width: 170,
      render: (_v, r) => (
        <Flex vertical>
          <Typography.Text style={{ wordBreak: 'break-word' }}>{shown(r, r.default)}</Typography.Text>
          {r.defaultNote && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.defaultNote}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: C.updated,
      key: 'updated',
      width: 150,
      render: (_v, r) =>
        r.updatedAt ? (
          <Flex vertical>
            <Typography.Text>{r.updatedBy}</Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(r.updatedAt)}</Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    actionsColumn<GeneralConfigRow>((r) => (
      <Flex vertical gap={4} align="start">
        <Button size="small" onClick={() => setEditing(r)} aria-label={`${M.edit} ${r.label}`}>
          {M.edit}
        </Button>
        {r.isSet && (
          <Popconfirm title={fmt(M.resetConfirm, { value: shown(r, r.default) })} onConfirm={() => reset.mutate(r.key)}>
            <Button size="small" type="link" style={{ padding: 0 }}>
              {M.reset}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    )),
  ];

  return (
    <Flex vertical gap={12} data-testid="general-config">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">{M.intro}</Typography.Text>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'all' | 'notSet')}
          options={[
            { value: 'all', label: M.all },
            { value: 'notSet', label: M.notSet },
          ]}
        />
      </Flex>
      <Table<GeneralConfigRow>
        rowKey="key"
        size="middle"
        loading={list.isLoading || (view === 'notSet' && notSet.isLoading)}
        dataSource={rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: view === 'notSet' ? M.empty : undefined }}
      />
      {editing && <EditModal row={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
