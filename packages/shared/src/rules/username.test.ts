import { describe, expect, it } from 'vitest';
import { MSG, fmt } from '../messages.vi';
import { accountResource } from '../resources/accounts.resource';
import { proposeUsername, usernameProblem, usernameStem } from './username';

describe('usernameStem: given name + initials of the family and middle names', () => {
  it.each([
    ['Nguyễn Văn An', 'annv'],
    ['Đặng Thị Thu Hà', 'hadtt'],
    ['  nguyễn   văn   an ', 'annv'],
    ['NGUYỄN VĂN AN', 'annv'],
    ['Trần Đức Đạt', 'dattd'],
    ['Lê A', 'al'],
    ['An', 'an'],
    ['Phạm Nguyễn Bảo Ngọc', 'ngocpnb'],
    ['Nguyễn-Văn An', 'annv'],
    ['Hoàng Văn Anh 2', 'anhhv'],
    ['', ''],
    ['123 !!!', ''],
  ])('%j → %j', (name, stem) => {
    expect(usernameStem(name)).toBe(stem);
  });

  it('leaves room for a counter within 50 characters', () => {
    expect(usernameStem(`Nguyễn ${'a'.repeat(80)}`).length).toBe(46);
  });
});

describe('proposeUsername: the first free name of the series', () => {
  it.each<[string, string[], string | null]>([
    ['Nguyễn Văn An', [], 'annv'],
    ['Nguyễn Văn An', ['annv'], 'annv2'],
    ['Nguyễn Văn An', ['annv', 'annv2'], 'annv3'],
    ['Nguyễn Văn An', ['annv', 'annv3'], 'annv2'],
    ['Nguyễn Văn An', ['annv2'], 'annv'],
    ['Nguyễn Văn An', ['annva', 'annv1'], 'annv'],
    ['Lê A', [], 'al2'],
    ['Lê A', ['al2'], 'al3'],
    ['', [], null],
  ])('%j taken %j → %j', (name, taken, proposal) => {
    expect(proposeUsername(name, new Set(taken))).toBe(proposal);
  });

  it('proposes a valid login name', () => {
    for (const name of ['Nguyễn Văn An', 'Đỗ Đình Đông', 'Lê A', 'Ông Ích Khiêm']) expect(usernameProblem(proposeUsername(name, new Set())!)).toBeNull();
  });
});

describe('usernameProblem: a clear Vietnamese message', () => {
  it.each<[string, string | null]>([
    ['annv', null],
    ['AnNV', null],
    ['  annv  ', null],
    ['an.nv_2-x', null],
    ['abc', null],
    ['a'.repeat(50), null],
    ['', MSG.usernameRequired],
    ['   ', MSG.usernameRequired],
    ['an nv', MSG.usernameSpaces],
    ['an\tnv', MSG.usernameSpaces],
    ['nguyễn', fmt(MSG.usernameDiacritics, { plain: 'nguyen', input: 'nguyễn' })],
    ['đạt', fmt(MSG.usernameDiacritics, { plain: 'dat', input: 'đạt' })],
    ['Hà', fmt(MSG.usernameDiacritics, { plain: 'ha', input: 'hà' })],
    ['thu hà', MSG.usernameSpaces],
    ['2annv', MSG.usernameFirstLetter],
    ['.annv', MSG.usernameFirstLetter],
    ['an@nv', MSG.usernameChars],
    ['an/nv', MSG.usernameChars],
    ['an', MSG.usernameTooShort],
    ['a'.repeat(51), MSG.usernameTooLong],
  ])('%j → %j', (input, message) => {
    expect(usernameProblem(input)).toBe(message);
  });

  it('is the rule of the account form and body (create and update)', () => {
    const username = accountResource.body.shape.username;
    expect(username.safeParse('AnNV').data).toBe('annv');
    expect(username.safeParse('nguyễn').error?.issues[0]?.message).toBe(fmt(MSG.usernameDiacritics, { plain: 'nguyen', input: 'nguyễn' }));
    expect(username.safeParse('an nv').error?.issues[0]?.message).toBe(MSG.usernameSpaces);
  });
});
