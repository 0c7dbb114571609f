import { Flex, Tag, Typography } from 'antd';
import { GROUP_STATUS_LABELS, type GroupDto } from '@portal/shared/contracts/notification-groups.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { GROUP_STATUS_COLOR } from './groups.logic';
import { TG } from './groups.messages';

/** The group's status, and when an advertising campaign waits for 07:00, until when. */
export function GroupStatusTag({ g }: { g: Pick<GroupDto, 'status' | 'waitsUntil'> }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={GROUP_STATUS_COLOR[g.status]} data-testid="group-status">
        {GROUP_STATUS_LABELS[g.status]}
      </Tag>
      {g.waitsUntil && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fmt(TG.waits, { time: formatDateTime(g.waitsUntil) })}
        </Typography.Text>
      )}
    </Flex>
  );
}
