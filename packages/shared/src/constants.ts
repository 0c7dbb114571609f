/** Business constants of spec §9. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;
export const PASSWORD_SNOOZE_DAYS = 7;
export const PASSWORD_REMINDER_DAYS = 180;
/** Accounts whose last reset is before this instant must set a strong password (22 Sep 2024, +07:00). */
export const STRONG_PASSWORD_CUTOFF = '2024-09-22T00:00:00+07:00';

export const SERVICE_PAGE_SIZE = 50;
export const SERVICE_PAGE_SIZES = [50, 100] as const;
export const SERVICE_SEARCH_DEBOUNCE_MS = 500;
export const SERVICE_SCROLL_HEIGHT = 500;
export const SERVICE_CODE_MAX = 20;
export const SERVICE_NAME_MAX = 200;
export const HIGH_QUALITY_DEPARTMENT_ID = 1000102;
export const ALL_TYPE_VALUE = -1;
export const DEFAULT_SERVICE_TYPE = 10;

export const DROPDOWN_PAGE_SIZE = 20;
export const DROPDOWN_FIRST_PAGE = 0;
export const DROPDOWN_SEARCH_PAGE_SIZE = 100;
export const DROPDOWN_SEARCH_DEBOUNCE_MS = 300;
export const INPUT_DEBOUNCE_MS = 300;

export const LOGOUT_REDIRECT_DELAY_MS = 2000;
export const RELOGIN_AFTER_PASSWORD_CHANGE_MS = 500;
export const DEFAULT_REDIRECT_AFTER_LOGIN = '/admin';
export const NOTIFICATION_DURATION_MS = 3456;
export const GRID_COLUMNS = 24;

export const TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const UTC_OFFSET = '+07:00';

/** Fixed client headers of spec §7: the portal identifies itself as a vendor web client. */
export const CLIENT_HEADERS = {
  'x-client-type': 'VENDOR_PORTAL',
  'x-client-platform': 'web',
  'x-client-source': 'admin-portal',
} as const;

/** Code returned by the password-change calls when the old password is wrong (spec §7). */
export const WRONG_OLD_PASSWORD_CODE = 2;
