import { describe, expect, it } from 'vitest';
import { loginUrl, redirectTarget, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/admin/user?page=2', '/admin/user?page=2'],
    ['/admin', '/admin'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['admin'],
    ['https://evil.example/'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['/admin\\..'],
    ['/login'],
    ['/login?redirect=/admin'],
    ['/logout'],
    ['/LOGOUT/'],
    ['javascript:alert(1)'],
    ['/admin\nx'],
  ])('falls back to /admin for %s', (input) => {
    expect(safeRedirect(input as string | null | undefined)).toBe('/admin');
  });
});

describe('redirectTarget', () => {
  it('drops a loginToken parameter but keeps the others', () => {
    expect(redirectTarget('/admin/user', '?loginToken=abc&page=2')).toBe('/admin/user?page=2');
    expect(redirectTarget('/admin', '')).toBe('/admin');
  });
});

describe('loginUrl', () => {
  it('encodes the target', () => {
    expect(loginUrl('/admin/user?page=2')).toBe('/login?redirect=%2Fadmin%2Fuser%3Fpage%3D2');
  });
  it('drops unsafe or auth-page targets', () => {
    expect(loginUrl('/logout')).toBe('/login');
    expect(loginUrl('//evil')).toBe('/login');
    expect(loginUrl(null)).toBe('/login');
  });
});
