import { type FacilityProfileBody, settingsEndpoints as E } from '@portal/shared/contracts/settings.contract';
import type { SettingValue } from '@portal/shared/rules/settings-keys';
import { call } from '../../core/api/endpoint-client';

export const settingsKeys = {
  all: ['settings'] as const,
  config: ['settings', 'config'] as const,
  notSet: ['settings', 'config', 'not-exists'] as const,
  profile: ['settings', 'profile'] as const,
};

/** The settings screens' calls (settings.contract.ts). */
export const settingsApi = {
  list: async () => (await call(E.list, {})).data,
  notExists: async () => (await call(E.notExists, {})).data,
  set: (key: string, value: SettingValue) => call(E.update, { params: { id: key }, body: { value } }),
  reset: (key: string) => call(E.remove, { params: { id: key } }),
  profile: async () => (await call(E.profile, {})).data,
  saveProfile: (body: FacilityProfileBody) => call(E.updateProfile, { body: body as never }),
};
