import { type ChannelSaveBody, type NotifyChannel, notifyChannelEndpoints } from '@portal/shared/contracts/notify-channels.contract';
import { call } from '../../../core/api/endpoint-client';

export const channelKeys = { all: ['notify-channels'] as const };

/** The channel providers' calls (notify-channels.contract.ts). */
export const channelApi = {
  list: async (signal?: AbortSignal) => (await call(notifyChannelEndpoints.list, {}, { signal })).data,
  save: async (channel: NotifyChannel, body: ChannelSaveBody) => (await call(notifyChannelEndpoints.save, { params: { channel }, body })).data,
  test: async (channel: NotifyChannel, to: string) => (await call(notifyChannelEndpoints.test, { params: { channel }, body: { to } })).data,
};
