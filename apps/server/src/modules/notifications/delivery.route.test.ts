import { describe, expect, it } from 'vitest';
import type { DeliveryChannel } from './channels';
import { CAPPED_REASON, OPTED_OUT_REASON, type Reach, type RouteInput, routeOf } from './delivery.route';

const device = { id: 1, platform: 'ANDROID', token: 'tok-1', keys: null };
const reach = (r: Partial<Reach> = {}): Reach => ({ devices: [device], phone: '0912345678', optedOut: new Set(), ...r });
const input = (i: Partial<RouteInput> = {}): RouteInput => ({
  order: ['PUSH', 'ZALO', 'SMS'],
  reach: reach(),
  advertising: false,
  cappedAdvertising: false,
  zaloTemplateId: 'zns-1',
  excluded: new Set(),
  ...i,
});
const chans = (...c: DeliveryChannel[]) => new Set<DeliveryChannel>(c);
const PUSH = { channel: 'PUSH', devices: [device] };
const ZALO = { channel: 'ZALO', phone: '0912345678', templateId: 'zns-1' };
const SMS = { channel: 'SMS', phone: '0912345678' };
const NONE = { channel: 'NONE' };

describe('routeOf: the channel a message goes through', () => {
  it.each<[string, Partial<RouteInput>, unknown]>([
    ['the first channel of the order that reaches the account', {}, PUSH],
    ['no device: the next channel', { reach: reach({ devices: [] }) }, ZALO],
    ['Zalo without a registered template: skipped', { reach: reach({ devices: [] }), zaloTemplateId: null }, SMS],
    ['no device, no phone: the inbox', { reach: reach({ devices: [], phone: null }) }, NONE],
    ['the order is the facility’s (SMS first)', { order: ['SMS', 'PUSH'] }, SMS],
    ['a channel that failed already is passed', { excluded: chans('PUSH') }, ZALO],
    ['Zalo said unreachable: SMS', { excluded: chans('PUSH', 'ZALO') }, SMS],
    ['every channel failed: the inbox', { excluded: chans('PUSH', 'ZALO', 'SMS') }, NONE],
    ['a campaign (push only) without devices: the inbox', { order: ['PUSH'], reach: reach({ devices: [] }) }, NONE],
    // care messages ignore the advertising choices and the cap
    ['care: opted out of push advertising still gets push', { reach: reach({ optedOut: chans('PUSH') }) }, PUSH],
    ['care: the cap does not apply', { cappedAdvertising: true }, PUSH],
    // advertising
    ['advertising: allowed', { advertising: true }, PUSH],
    ['advertising: refused on push, the next allowed channel', { advertising: true, reach: reach({ optedOut: chans('PUSH') }) }, ZALO],
    ['advertising: refused on push and Zalo', { advertising: true, reach: reach({ optedOut: chans('PUSH', 'ZALO') }) }, SMS],
    [
      'advertising: refused on every channel',
      { advertising: true, reach: reach({ optedOut: chans('PUSH', 'ZALO', 'SMS') }) },
      { skip: OPTED_OUT_REASON, code: 'OPTED_OUT' },
    ],
    [
      'advertising campaign, push refused',
      { advertising: true, order: ['PUSH'], reach: reach({ optedOut: chans('PUSH') }) },
      { skip: OPTED_OUT_REASON, code: 'OPTED_OUT' },
    ],
    ['advertising: one already in 24 hours', { advertising: true, cappedAdvertising: true }, { skip: CAPPED_REASON, code: 'CAP_24H' }],
    [
      'advertising: refused on push, no phone: the inbox (not refused everywhere)',
      { advertising: true, reach: reach({ phone: null, optedOut: chans('PUSH') }) },
      NONE,
    ],
  ])('%s', (_name, i, expected) => {
    expect(routeOf(input(i))).toEqual(expected);
  });
});
