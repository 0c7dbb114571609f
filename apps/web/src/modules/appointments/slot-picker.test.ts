import { describe, expect, it } from 'vitest';
import { slotDisabled } from './slot-picker';

describe('slotDisabled', () => {
  it('disables full and past slots', () => {
    expect(slotDisabled({ id: 1, free: 2, past: false })).toBe(false);
    expect(slotDisabled({ id: 1, free: 0, past: false })).toBe(true);
    expect(slotDisabled({ id: 1, free: 3, past: true })).toBe(true);
  });
  it('keeps the booking’s own slot choosable when rescheduling', () => {
    expect(slotDisabled({ id: 7, free: 0, past: false }, 7)).toBe(false);
    expect(slotDisabled({ id: 8, free: 0, past: false }, 7)).toBe(true);
  });
});
