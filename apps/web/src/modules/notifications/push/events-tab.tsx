import { useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EVENT_CHANNEL_LABELS,
  EVENT_CHANNELS,
  EVENT_TEMPLATE_MAX,
  EVENT_TITLE_MAX,
  type EventChannel,
  eventPreview,
  eventSettingsProblems,
  type NotificationEventBody,
  type NotificationEventDto,
} from '@portal/shared/contracts/notification-events.contract';
import { fmt } from '@portal/shared/messages.vi';
import { isApiError } from '../../../core/api/api-error';
import { EllipsisText, TwoLines } from '../../../core/crud/cells';
import { TEXT_MAX_WIDTH } from '../../../core/crud/cells.logic';
import { reportError } from '../../../core/crud/resource-api';
import { notify } from '../../../core/notify';
import { pushApi, pushKeys } from './push.api';
import { insertVariable, moveChannel } from './push.logic';
import { TPUSH as M } from './push.messages';

const bodyOf = (e: NotificationEventDto, patch: Partial<NotificationEventBody> = {}): NotificationEventBody => ({
  enabled: e.enabled,
  title: e.title,
  template: e.template,
  channels: e.channels,
  zaloTemplateId: e.zaloTemplateId,
  ...patch,
});

/** The channels in their order of trial, each with ↑ ↓ (and a box to use it, in the edit form). */
function ChannelOrder({
  channels,
  onChange,
  all,
  disabled,
}: {
  channels: readonly EventChannel[];
  onChange: (next: EventChannel[]) => void;
  all?: boolean;
  disabled?: boolean;
}) {
  const shown = all ? [...channels, ...EVENT_CHANNELS.filter((c) => !channels.includes(c))] : [...channels];
  return (
    <Flex vertical gap={2} data-testid="event-channels">
      {shown.map((c) => {
        const i = channels.indexOf(c);
        const on = i !== -1;
        return (
          <Flex key={c} gap={4} align="center">
            {all ? (
              <Checkbox checked={on} disabled={disabled} onChange={(ev) => onChange(ev.target.checked ? [...channels, c] : channels.filter((x) => x !== c))}>
                {on ? `${i + 1}. ` : ''}
                {EVENT_CHANNEL_LABELS[c]}
              </Checkbox>
            ) : (
              <Tag style={{ minWidth: 150 }}>{`${i + 1}. ${EVENT_CHANNEL_LABELS[c]}`}</Tag>
            )}
            {on && (
              <>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${M.events.up}: ${EVENT_CHANNEL_LABELS[c]}`}
                  title={M.events.up}
                  disabled={disabled || i === 0}
                  onClick={() => onChange(moveChannel(channels, i, -1))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${M.events.down}: ${EVENT_CHANNEL_LABELS[c]}`}
                  title={M.events.down}
                  disabled={disabled || i === channels.length - 1}
                  onClick={() => onChange(moveChannel(channels, i, 1))}
                />
              </>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The edit form of one event: title, template with its variable chips, channels, Zalo's template id, the live preview. */
function EventForm({ event, onClose }: { event: NotificationEventDto; onClose: () => void }) {
  const [draft, setDraft] = useState<NotificationEventBody>(() => bodyOf(event));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const area = useRef<TextAreaRef>(null);
  const queryClient = useQueryClient();
  const channels = draft.channels as EventChannel[];
  const live = eventSettingsProblems(event.event, { ...draft, zaloTemplateId: draft.zaloTemplateId ?? null });
  const problem = (field: string) => serverErrors[field] ?? live.find((p) => p.field === field)?.message;
  const preview = eventPreview(event.event, draft.template);
  const save = useMutation({
    mutationFn: () => pushApi.saveEvent(event.event, draft),
    onSuccess: () => {
      notify.success(M.events.saved);
      void queryClient.invalidateQueries({ queryKey: pushKeys.events });
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 400 && e.fieldErrors.length > 0) setServerErrors(Object.fromEntries(e.fieldErrors.map((f) => [f.field, f.message])));
      reportError(e);
    },
  });
  const edit = (patch: Partial<NotificationEventBody>) => {
    setServerErrors({});
    setDraft((d) => ({ ...d, ...patch }));
  };
  const insert = (name: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? draft.template.length;
    const end = el?.selectionEnd ?? start;
    const next = insertVariable(draft.template, start, end, name);
    edit({ template: next.text });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  const status = (field: string) => (problem(field) ? ('error' as const) : undefined);
  return (
    <Modal
      open
      title={fmt(M.events.editTitle, { label: event.label })}
      okText={M.events.save}
      cancelText={M.events.cancel}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={760}
    >
      <Form layout="vertical" data-testid="event-form">
        <Form.Item label={M.events.messageTitle} validateStatus={status('title')} help={problem('title')}>
          <Input
            value={draft.title}
            maxLength={EVENT_TITLE_MAX}
            showCount
            onChange={(e) => edit({ title: e.target.value })}
            aria-label={M.events.messageTitle}
          />
        </Form.Item>
        <Form.Item label={M.events.template} validateStatus={status('template')} help={problem('template')}>
          <Input.TextArea
            ref={area}
            rows={4}
            value={draft.template}
            maxLength={EVENT_TEMPLATE_MAX}
            onChange={(e) => edit({ template: e.target.value })}
            aria-label={M.events.template}
            data-testid="event-template"
          />
        </Form.Item>
        <Flex gap={6} wrap align="center" style={{ marginTop: -8, marginBottom: 16 }} data-testid="event-variables">
          <Typography.Text type="secondary">{M.events.variables}:</Typography.Text>
          {event.variables.map((v) => (
            <Button key={v.name} size="small" onClick={() => insert(v.name)} title={v.label}>
              {`{{${v.name}}}`}
            </Button>
          ))}
        </Flex>
        <Card size="small" title={M.events.preview} style={{ marginBottom: 16 }} data-testid="event-preview">
          {preview ? (
            <Flex vertical gap={4}>
              <Typography.Text strong>{draft.title}</Typography.Text>
              <Typography.Text>{preview.text}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {fmt(M.events.chars, { count: preview.chars })} · {fmt(M.events.smsParts, { parts: preview.smsParts })}
              </Typography.Text>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{M.events.previewError}</Typography.Text>
          )}
        </Card>
        <Flex gap={24} wrap>
          <Form.Item label={M.events.channels} validateStatus={status('channels')} help={problem('channels')}>
            <ChannelOrder all channels={channels} onChange={(next) => edit({ channels: next })} />
          </Form.Item>
          {channels.includes('ZALO') && (
            <Form.Item label={M.events.zaloTemplateId} validateStatus={status('zaloTemplateId')} help={problem('zaloTemplateId')} style={{ flex: 1 }}>
              <Input value={draft.zaloTemplateId ?? ''} onChange={(e) => edit({ zaloTemplateId: e.target.value })} aria-label={M.events.zaloTemplateId} />
            </Form.Item>
          )}
        </Flex>
        {Object.keys(serverErrors).length > 0 && live.length === 0 && <Alert type="error" showIcon title={Object.values(serverErrors)[0]} />}
      </Form>
    </Modal>
  );
}

/**
 * Sự kiện: the five events, each on or off, its channels in their order of trial (changed here at once), and its
 * template edited in a form with the variables to insert and a live preview with the example values.
 */
export function EventsTab() {
  const events = useQuery({ queryKey: pushKeys.events, queryFn: ({ signal }) => pushApi.events(signal) });
  const [editing, setEditing] = useState<NotificationEventDto | null>(null);
  const queryClient = useQueryClient();
  const quick = useMutation({
    mutationFn: ({ e, patch }: { e: NotificationEventDto; patch: Partial<NotificationEventBody> }) => pushApi.saveEvent(e.event, bodyOf(e, patch)),
    onSuccess: (saved, { patch }) => {
      if (patch.enabled !== undefined) notify.success(fmt(M.events.toggled, { state: saved.enabled ? M.events.on : M.events.off, label: saved.label }));
      else notify.success(M.events.saved);
      void queryClient.invalidateQueries({ queryKey: pushKeys.events });
    },
    onError: (e) => reportError(e),
  });
  const columns: ColumnsType<NotificationEventDto> = [
    { title: M.tabs.events, key: 'event', render: (_v, e) => <TwoLines main={<Typography.Text strong>{e.label}</Typography.Text>} sub={e.description} /> },
    {
      title: M.events.enabled,
      key: 'enabled',
      render: (_v, e) => (
        <Switch
          checked={e.enabled}
          aria-label={`${e.label}: ${e.enabled ? M.events.enabled : M.events.disabled}`}
          loading={quick.isPending && quick.variables?.e.event === e.event}
          onChange={(on) => quick.mutate({ e, patch: { enabled: on } })}
          data-testid={`event-switch-${e.event}`}
        />
      ),
    },
    {
      title: M.events.channels,
      key: 'channels',
      render: (_v, e) => <ChannelOrder channels={e.channels} disabled={quick.isPending} onChange={(next) => quick.mutate({ e, patch: { channels: next } })} />,
    },
    {
      title: M.events.template,
      key: 'template',
      render: (_v, e) => (
        <TwoLines
          main={<EllipsisText text={e.template} width={TEXT_MAX_WIDTH} />}
          sub={<Tag color={e.stored ? 'blue' : undefined}>{e.stored ? M.events.stored : M.events.defaults}</Tag>}
        />
      ),
    },
    {
      key: 'actions',
      render: (_v, e) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(e)} data-testid={`event-edit-${e.event}`}>
          {M.events.edit}
        </Button>
      ),
    },
  ];
  return (
    <Card size="small">
      <Table<NotificationEventDto>
        size="small"
        rowKey="event"
        columns={columns}
        dataSource={events.data ?? []}
        loading={events.isFetching && !events.data}
        pagination={false}
        data-testid="push-events"
      />
      {editing && <EventForm key={editing.event} event={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
