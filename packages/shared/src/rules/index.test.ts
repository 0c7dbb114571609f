import { describe, expect, it } from 'vitest';
import * as rules from './index';

describe('rules/index re-exports', () => {
  it.each([
    'validateOldPassword',
    'validateNewPassword',
    'validateRetype',
    'validatePasswordChange',
    'reminderCookieName',
    'decidePasswordDialog',
    'snoozeCookie',
    'expandDateShorthand',
    'parseDisplayDate',
    'isValidDisplayDate',
    'formatAge',
    'ageInYears',
    'normalizeText',
    'includesLoose',
    'equalsLoose',
    'toQueryString',
    'withQuery',
    'highQualityPrice',
    'servicePrice',
    'formatVnd',
    'formatDate',
    'formatDateTime',
    'displayDateToIso',
  ])('%s is a function', (name) => {
    expect(typeof (rules as Record<string, unknown>)[name]).toBe('function');
  });

  it('PASSWORD_INPUT_MAX is 15', () => {
    expect(rules.PASSWORD_INPUT_MAX).toBe(15);
  });
});
