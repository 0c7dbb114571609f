import { useState } from 'react';
import { Button, Divider, Drawer, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatGroupDetailDto } from '@portal/shared/contracts/clinic-chat.contract';
import { fmt } from '@portal/shared/messages.vi';
import { SelectBox } from '../../core/blocks/select-box';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { clinicApi, clinicKeys } from './clinic.api';
import { TC } from './clinic.messages';

const T = TC.chat;

/** Who is in a conversation; staff and members added or removed (a one-to-one conversation keeps its two people). */
export function GroupPeople({ group, open, onClose }: { group: ChatGroupDetailDto; open: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const [staff, setStaff] = useState<number[]>([]);
  const [members, setMembers] = useState<number[]>([]);
  const changed = (next: ChatGroupDetailDto) => {
    qc.setQueryData(clinicKeys.group(group.id), next);
    void qc.invalidateQueries({ queryKey: clinicKeys.groups });
  };
  const add = useMutation({
    mutationFn: () => clinicApi.addMembers(group.id, { accountIds: staff, userIds: members }),
    onSuccess: (res) => {
      notify.success(res.message ?? T.addSubmit);
      setStaff([]);
      setMembers([]);
      changed(res.data);
    },
    onError: (e) => reportError(e),
  });
  const remove = useMutation({
    mutationFn: (participantId: number) => clinicApi.removeMember(group.id, participantId),
    onSuccess: changed,
    onError: (e) => reportError(e),
  });
  const fixed = group.kind === 'DIRECT';
  return (
    <Drawer open={open} onClose={onClose} title={T.people} size={480} destroyOnHidden>
      {!fixed && (
        <Flex vertical gap={8}>
          <Typography.Text strong>{T.add}</Typography.Text>
          <SelectBox
            loader={clinicApi.people('staff')}
            mode="multiple"
            aria-label={T.addStaff}
            placeholder={T.addStaff}
            value={staff}
            onChange={(v) => setStaff(v as number[])}
          />
          <SelectBox
            loader={clinicApi.people('members')}
            mode="multiple"
            aria-label={T.addMembers}
            placeholder={T.addMembers}
            value={members}
            onChange={(v) => setMembers(v as number[])}
          />
          <div>
            <Button type="primary" disabled={!staff.length && !members.length} loading={add.isPending} onClick={() => add.mutate()}>
              {T.addSubmit}
            </Button>
          </div>
          <Divider />
        </Flex>
      )}
      <List
        dataSource={group.participants}
        renderItem={(p) => (
          <List.Item
            key={p.id}
            actions={
              fixed
                ? []
                : [
                    <Popconfirm
                      key="remove"
                      title={fmt(T.removeTitle, { name: p.name })}
                      okText={T.yes}
                      cancelText={T.no}
                      onConfirm={() => remove.mutate(p.id)}
                    >
                      <Button size="small" type="link" danger>
                        {T.remove}
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <Flex vertical>
              <Flex gap={6} align="center">
                <Typography.Text>{p.name}</Typography.Text>
                <Tag color={p.kind === 'STAFF' ? 'blue' : 'green'}>{p.kind === 'STAFF' ? T.staff : T.member}</Tag>
              </Flex>
              {p.detail && <Typography.Text type="secondary">{p.detail}</Typography.Text>}
            </Flex>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
