import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Bệnh viện Đa khoa Hòa Bình', 'HB'],
    ['đa khoa', 'ĐK'],
    ['Vinmec', 'V'],
    ['  ', '?'],
    [null, '?'],
  ])('%s → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
