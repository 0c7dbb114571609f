import { Card, Flex, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@portal/shared/contracts/admin.contract';
import { T } from '../../app/messages';
import { call } from '../../core/api/endpoint-client';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';

const KEY = ['admin', 'room-scope'] as const;

/**
 * The facility's rule for account rooms, above the accounts and their rooms: on, an account with rooms
 * works only with those rooms' bookings (the server refuses the others); off, its rooms are where the
 * booking screens open (docs/booking-states.md, "Rooms of an account").
 */
export function RoomScopeCard() {
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: KEY, queryFn: async () => (await call(adminEndpoints.roomScope, {})).data });
  const save = useMutation({
    mutationFn: (restrictToAccountRooms: boolean) => call(adminEndpoints.setRoomScope, { body: { restrictToAccountRooms } }),
    onSuccess: (res) => {
      queryClient.setQueryData(KEY, res.data);
      notify.success(res.message ?? '');
    },
    onError: (e) => reportError(e),
  });
  const on = setting.data?.restrictToAccountRooms ?? false;
  return (
    <Card size="small" data-testid="room-scope">
      <Flex gap={12} align="center">
        <Switch
          aria-label={T.admin.roomScope}
          checked={on}
          loading={setting.isLoading || save.isPending}
          disabled={!setting.data}
          onChange={(v) => save.mutate(v)}
        />
        <Flex vertical>
          <Typography.Text strong>{T.admin.roomScope}</Typography.Text>
          <Typography.Text type="secondary">{on ? T.admin.roomScopeOn : T.admin.roomScopeOff}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
