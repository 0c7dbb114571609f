import { useState } from 'react';
import { Badge, Button, Card, Empty, Flex, Input, List, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { CLINIC_CHAT_LIVE_TOPIC } from '@portal/shared/contracts/clinic-chat.contract';
import { fmt } from '@portal/shared/messages.vi';
import { CLINIC_PROGRAM_LABELS } from '@portal/shared/rules/clinic-programs';
import { formatDateTime } from '@portal/shared/rules/format';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { useDebouncedValue } from '../../core/blocks/use-debounced-value';
import { useCoalescedInvalidate } from '../../core/live/use-coalesced-invalidate';
import { useLiveTopic } from '../../core/live/use-live';
import { useScreenParams } from '../../core/router/use-screen-params';
import { useMe } from '../auth/use-session';
import { changesList } from './chat.logic';
import { ChatPane } from './chat-pane';
import { clinicApi, clinicKeys } from './clinic.api';
import { TC } from './clinic.messages';
import { CreateGroupDialog } from './create-group-dialog';
import { CLINIC_ROUTES } from './members.logic';
import './clinic.css';
import { ScreenHeader } from '../../core/blocks/screen-header';

const T = TC.chat;

/** /admin/SHP/groups-chat (MANAGER_SHP; issue 20): the conversations on the left, the open one (`?group=`) on the right, live. */
export function ChatPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SHP')) return me.data ? <ForbiddenPage /> : null;
  return <Chat accountId={me.data!.user.id} />;
}

function Chat({ accountId }: { accountId: number }) {
  const [params, setParams] = useScreenParams();
  const open = Number(params.get('group')) || undefined;
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const [creating, setCreating] = useState(false);
  const q = useDebouncedValue(search.trim(), 300);
  const filter = { q: q || undefined, mine: mine || undefined };
  const groups = useQuery({ queryKey: clinicKeys.groupList(filter), queryFn: () => clinicApi.groups(filter) });
  const refresh = useCoalescedInvalidate(clinicKeys.groups, 500);
  useLiveTopic(CLINIC_CHAT_LIVE_TOPIC, (e) => changesList(e.event, e.data, accountId) && refresh(), refresh);
  const openGroup = (id: number) => setParams({ group: String(id) }, { replace: false });

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={T.title}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {T.create}
        </Button>
      </ScreenHeader>
      <div className="clinic-chat">
        <Card size="small" className="clinic-chat-list">
          <Flex vertical gap={8}>
            <Input.Search aria-label={T.search} placeholder={T.search} allowClear value={search} onChange={(e) => setSearch(e.target.value)} />
            <Flex align="center" gap={8}>
              <Switch size="small" checked={mine} onChange={setMine} aria-label={T.mine} />
              <Typography.Text>{T.mine}</Typography.Text>
            </Flex>
            <List
              className="clinic-chat-groups"
              loading={groups.isLoading}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} /> }}
              dataSource={groups.data ?? []}
              renderItem={(g) => (
                <List.Item key={g.id} className={g.id === open ? 'clinic-chat-group is-open' : 'clinic-chat-group'} data-testid="chat-group">
                  {/* a link to ?group=: reached and opened from the keyboard, and each conversation has its address */}
                  <Link to={CLINIC_ROUTES.group(g.id)} className="clinic-chat-group-link" aria-current={g.id === open ? 'true' : undefined}>
                    <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text strong ellipsis>
                          {g.name}
                        </Typography.Text>
                        <Badge count={g.unread} overflowCount={99} data-testid="chat-unread" />
                      </Flex>
                      <Typography.Text type="secondary" ellipsis>
                        {g.lastMessagePreview ?? ''}
                      </Typography.Text>
                      <Flex gap={4} align="center" wrap>
                        {g.kind === 'DIRECT' ? <Tag>{T.direct}</Tag> : g.program ? <Tag>{CLINIC_PROGRAM_LABELS[g.program]}</Tag> : null}
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {fmt(T.members, { n: g.memberCount })}
                          {g.lastMessageAt ? ` · ${formatDateTime(g.lastMessageAt)}` : ''}
                        </Typography.Text>
                      </Flex>
                    </Flex>
                  </Link>
                </List.Item>
              )}
            />
          </Flex>
        </Card>
        <Card size="small" className="clinic-chat-main">
          {open ? <ChatPane key={open} groupId={open} accountId={accountId} /> : <Empty description={T.pick} />}
        </Card>
      </div>
      <CreateGroupDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          refresh();
          openGroup(id);
        }}
      />
    </Flex>
  );
}
