import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Flex, Input, Spin, Tag, Tooltip, Typography, Upload } from 'antd';
import { PictureOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_EVENTS,
  CHAT_TEXT_MAX,
  type ChatGroupDetailDto,
  type ChatMessageDto,
  CLINIC_CHAT_LIVE_TOPIC,
} from '@portal/shared/contracts/clinic-chat.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { reportError } from '../../core/crud/resource-api';
import { useLiveTopic } from '../../core/live/use-live';
import { lastId, mergeMessages, type ReadMark, seenMarkers, seenNames, sendsOnKey, withReadMark } from './chat.logic';
import { clinicApi, clinicKeys } from './clinic.api';
import { TC } from './clinic.messages';
import { GroupPeople } from './group-people';

const T = TC.chat;
const PAGE = 50;

/**
 * One conversation: the latest messages (older ones on demand), new ones as they arrive on the live socket (after a
 * drop, what came meanwhile is fetched with `after=`), read marks ("Đã xem"), the moderator's hide, and the composer
 * (text, an image; Enter sends). Staff not in the group read it and may join to write.
 */
export function ChatPane({ groupId, accountId }: { groupId: number; accountId: number }) {
  const qc = useQueryClient();
  const group = useQuery({ queryKey: clinicKeys.group(groupId), queryFn: () => clinicApi.group(groupId) });
  const [messages, setMessages] = useState<ChatMessageDto[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [peopleOpen, setPeopleOpen] = useState(false);
  const shown = useRef<ChatMessageDto[]>([]);
  shown.current = messages;
  const bottom = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  const add = useCallback((incoming: ChatMessageDto[]) => setMessages((prev) => mergeMessages(prev, incoming)), []);
  const catchUp = useCallback(async () => {
    for (;;) {
      const page = await clinicApi.messages(groupId, { after: lastId(shown.current), size: 100 });
      add(page.messages);
      shown.current = mergeMessages(shown.current, page.messages);
      if (!page.hasNewer) return;
    }
  }, [groupId, add]);

  useEffect(() => {
    let live = true;
    void clinicApi.messages(groupId, { size: PAGE }).then(
      (page) => {
        if (!live) return;
        setMessages(page.messages);
        setHasOlder(page.hasOlder);
        setLoading(false);
      },
      (e) => {
        setLoading(false);
        reportError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [groupId]);

  useLiveTopic(
    CLINIC_CHAT_LIVE_TOPIC,
    (e) => {
      if (e.data?.groupId !== groupId) return;
      if (e.event === CHAT_EVENTS.message) {
        const m = e.data.message as ChatMessageDto | undefined;
        if (m) add([m]);
        else void catchUp().catch(() => undefined);
      } else if (e.event === CHAT_EVENTS.hidden) {
        const { messageId, hidden, hiddenBy } = e.data as { messageId: number; hidden: boolean; hiddenBy: string | null };
        setMessages((prev) => prev.map((m) => (m.id === messageId ? { ...m, hidden, hiddenBy: hidden ? hiddenBy : null } : m)));
      } else if (e.event === CHAT_EVENTS.read) {
        qc.setQueryData<ChatGroupDetailDto>(clinicKeys.group(groupId), (g) => (g ? withReadMark(g, e.data as ReadMark) : g));
      } else void qc.invalidateQueries({ queryKey: clinicKeys.group(groupId) });
    },
    () => void catchUp().catch(() => undefined),
  );

  // follow the newest message while the reader is at the bottom
  useEffect(() => {
    if (stick.current) bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages]);

  // what the reader has seen: the newest message shown, once, when it is not theirs to read already
  const g = group.data;
  const me = g?.participants.find((p) => p.kind === 'STAFF' && p.refId === accountId);
  const newest = lastId(messages);
  useEffect(() => {
    if (!me || newest <= me.lastReadMessageId || document.visibilityState !== 'visible') return;
    const timer = setTimeout(() => {
      void clinicApi.read(groupId, newest).then(
        () => {
          void qc.invalidateQueries({ queryKey: clinicKeys.groups });
          void qc.invalidateQueries({ queryKey: clinicKeys.group(groupId) });
        },
        () => undefined,
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [me, newest, groupId, qc]);

  const older = useMutation({
    mutationFn: () => clinicApi.messages(groupId, { before: messages[0]?.id, size: PAGE }),
    onSuccess: (page) => {
      stick.current = false;
      add(page.messages);
      setHasOlder(page.hasOlder);
    },
    onError: (e) => reportError(e),
  });
  const hide = useMutation({
    mutationFn: (m: ChatMessageDto) => clinicApi.hide(groupId, m.id, !m.hidden),
    onSuccess: (m) => add([m]),
    onError: (e) => reportError(e),
  });
  const join = useMutation({
    mutationFn: () => clinicApi.join(groupId),
    onSuccess: (next) => qc.setQueryData(clinicKeys.group(groupId), next),
    onError: (e) => reportError(e),
  });
  const seen = useMemo(() => seenMarkers(messages, g?.participants ?? [], { kind: 'STAFF', id: accountId }), [messages, g, accountId]);

  if (!g) return <Spin />;
  return (
    <Flex vertical className="clinic-chat-pane" data-testid="chat-pane">
      <Flex justify="space-between" align="center" gap={8} className="clinic-chat-head">
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {g.name}
          </Typography.Title>
          <Typography.Text type="secondary" ellipsis>
            {g.description || fmt(T.members, { n: g.memberCount })}
          </Typography.Text>
        </Flex>
        <Button icon={<TeamOutlined />} onClick={() => setPeopleOpen(true)}>
          {fmt(T.members, { n: g.memberCount })}
        </Button>
      </Flex>
      <div
        className="clinic-chat-messages"
        data-testid="chat-messages"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {hasOlder && (
          <Flex justify="center">
            <Button size="small" type="link" loading={older.isPending} onClick={() => older.mutate()}>
              {T.older}
            </Button>
          </Flex>
        )}
        {loading ? (
          <Spin />
        ) : messages.length === 0 ? (
          <Typography.Text type="secondary">{T.noMessages}</Typography.Text>
        ) : (
          messages.map((m) => (
            <Message key={m.id} m={m} mine={m.sender.kind === 'STAFF' && m.sender.id === accountId} seenBy={seen.get(m.id)} onHide={() => hide.mutate(m)} />
          ))
        )}
        <div ref={bottom} />
      </div>
      {g.joined ? (
        <Composer
          groupId={groupId}
          onSent={(m) => {
            stick.current = true;
            add([m]);
          }}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={T.notJoined}
          action={
            <Button size="small" type="primary" loading={join.isPending} onClick={() => join.mutate()}>
              {T.join}
            </Button>
          }
        />
      )}
      <GroupPeople group={g} open={peopleOpen} onClose={() => setPeopleOpen(false)} />
    </Flex>
  );
}

function Message({ m, mine, seenBy, onHide }: { m: ChatMessageDto; mine: boolean; seenBy?: string[]; onHide: () => void }) {
  return (
    <div className={`clinic-msg${mine ? ' is-mine' : ''}${m.hidden ? ' is-hidden' : ''}`} data-testid="chat-message">
      <Flex gap={6} align="baseline" wrap className="clinic-msg-meta">
        <Typography.Text strong>{mine ? T.you : m.sender.name}</Typography.Text>
        <Tag bordered={false}>{m.sender.kind === 'STAFF' ? T.staff : T.member}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(m.createdAt)}
        </Typography.Text>
        <Button size="small" type="link" onClick={onHide}>
          {m.hidden ? T.unhide : T.hide}
        </Button>
      </Flex>
      <div className="clinic-msg-body">
        {m.text && <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{m.text}</Typography.Paragraph>}
        {m.imageUrl && (
          <a href={m.imageUrl} target="_blank" rel="noreferrer">
            <img src={m.imageUrl} alt={fmt(T.imageAlt, { name: m.sender.name })} className="clinic-msg-image" />
          </a>
        )}
      </div>
      {m.hidden && (
        <Typography.Text type="secondary" className="clinic-msg-note">
          {fmt(T.hiddenBy, { name: m.hiddenBy ?? '' })}
        </Typography.Text>
      )}
      {seenBy && <Seen names={seenBy} />}
    </div>
  );
}

/** "Đã xem: An, Bình, Chi và 12 người khác", every name in the tooltip. */
function Seen({ names }: { names: string[] }) {
  const { shown, others } = seenNames(names);
  const text = others ? fmt(T.seenByMore, { names: shown, n: others }) : fmt(T.seenBy, { names: shown });
  return (
    <Tooltip title={others ? names.join(', ') : undefined}>
      <Typography.Text type="secondary" className="clinic-msg-note" data-testid="chat-seen">
        {text}
      </Typography.Text>
    </Tooltip>
  );
}

function Composer({ groupId, onSent }: { groupId: number; onSent: (m: ChatMessageDto) => void }) {
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (body: { text?: string; imageUrl?: string }) => clinicApi.send(groupId, body),
    onSuccess: (m, body) => {
      if (body.text) setText('');
      onSent(m);
    },
    onError: (e) => reportError(e),
  });
  const image = useMutation({
    mutationFn: async (file: File) => (await clinicApi.uploadImage(file)).url,
    onSuccess: (url) => send.mutate({ imageUrl: url }),
    onError: (e) => reportError(e),
  });
  const submit = () => {
    if (text.trim() && !send.isPending) send.mutate({ text: text.trim() });
  };
  return (
    <Flex gap={8} align="flex-end" className="clinic-chat-compose">
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(f) => {
          image.mutate(f);
          return false;
        }}
      >
        <Button icon={<PictureOutlined />} aria-label={T.image} loading={image.isPending} />
      </Upload>
      <Input.TextArea
        aria-label={T.compose}
        placeholder={T.compose}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={CHAT_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (sendsOnKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Button type="primary" icon={<SendOutlined />} loading={send.isPending} disabled={!text.trim()} onClick={submit}>
        {T.send}
      </Button>
    </Flex>
  );
}
