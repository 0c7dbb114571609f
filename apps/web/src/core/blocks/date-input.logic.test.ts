import { describe, expect, it } from 'vitest';
import { resolveDateInput } from './date-input.logic';

const now = new Date('2026-03-10T03:00:00Z');

describe('resolveDateInput', () => {
  it.each([
    ['', '', false],
    ['  ', '', false],
    ['1990', '01/01/1990', false],
    ['150390', '15/03/1990', false],
    ['15032020', '15/03/2020', false],
    ['5', '01/01/2021', false],
    ['1/2/24', '01/02/2024', false],
    ['31022024', '31/02/2024', true],
    ['151390', '151390', true],
    ['abc', 'abc', true],
  ])('%j → %j (invalid: %s)', (raw, value, invalid) => {
    expect(resolveDateInput(raw, now)).toEqual({ value, invalid });
  });
});
