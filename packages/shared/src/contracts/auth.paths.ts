/**
 * The paths of sign-in and the session, apart from auth.contract.ts (which builds zod schemas): the sign-in
 * page and the admin shell are first loads kept free of zod (docs/performance.md, issue 13), so the web
 * names these paths from here and types the answers from `authEndpoints` with a type-only import.
 */
export const AUTH_PATHS = {
  login: '/api/his/v1/user/login',
  logout: '/api/his/v1/user/logout',
  me: '/api/his/v1/user/me',
  authorizes: '/api/his/v1/user/authorizes',
  refresh: '/api/his/v1/auth/refresh',
  updatePassword: '/api/his/v1/user/update-password',
  /** `:id` is the account's own id. */
  changePassword: '/api/his/v1/user/:id',
} as const;
