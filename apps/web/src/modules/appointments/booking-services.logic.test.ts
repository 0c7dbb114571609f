import { describe, expect, it } from 'vitest';
import { formatVnd } from '@portal/shared/rules/format';
import { chargedPrice, servicesTotal, withPrices } from './booking-services.logic';

describe('servicesTotal', () => {
  it('sums the chosen services’ prices', () => {
    expect(servicesTotal([{ price: 150_000 }, { price: 120_000 }])).toBe(270_000);
    expect(formatVnd(servicesTotal([{ price: 1_000_000 }, { price: 250_000 }]))).toBe('1.250.000 ₫');
  });
  it('is 0 without services; a free service or an unknown price adds nothing', () => {
    expect(servicesTotal([])).toBe(0);
    expect(servicesTotal(undefined)).toBe(0);
    expect(servicesTotal([{ price: 0 }, { price: undefined }, { price: 90_000 }])).toBe(90_000);
  });
});

describe('withPrices', () => {
  const quoted = new Map([
    [1, 150_000],
    [2, 120_000],
    [3, 99_000],
  ]);
  it('gives a newly chosen service the price the dropdown quoted', () => {
    expect(withPrices([{ value: 2, label: 'Xét nghiệm' }], [], quoted)).toEqual([{ value: 2, label: 'Xét nghiệm', price: 120_000 }]);
  });
  it('keeps the price a chosen service already has, and drops a removed one', () => {
    const chosen = [
      { value: 1, label: 'Khám', price: 140_000 },
      { value: 3, label: 'Siêu âm', price: 99_000 },
    ];
    expect(
      withPrices(
        [
          { value: 1, label: 'Khám' },
          { value: 2, label: 'Xét nghiệm' },
        ],
        chosen,
        quoted,
      ),
    ).toEqual([
      { value: 1, label: 'Khám', price: 140_000 },
      { value: 2, label: 'Xét nghiệm', price: 120_000 },
    ]);
  });
  it('on the update form, a service the booking holds keeps its held price, also removed and chosen again', () => {
    // The booking holds the consultation at 140,000; today it is quoted at 150,000.
    const held = new Map([[1, 140_000]]);
    const booked = [{ value: 1, label: 'Khám', price: 140_000 }];
    const removed = withPrices([], booked, quoted, held);
    expect(removed).toEqual([]);
    expect(servicesTotal(removed)).toBe(0);
    const again = withPrices(
      [
        { value: 1, label: 'Khám' },
        { value: 2, label: 'Xét nghiệm' },
      ],
      removed,
      quoted,
      held,
    );
    expect(again).toEqual([
      { value: 1, label: 'Khám', price: 140_000 },
      { value: 2, label: 'Xét nghiệm', price: 120_000 },
    ]);
    expect(servicesTotal(again)).toBe(260_000);
  });
  it('leaves the price unknown for a service neither chosen nor quoted', () => {
    expect(withPrices([{ value: 9, label: 'Khác' }], [], quoted)).toEqual([{ value: 9, label: 'Khác', price: undefined }]);
  });
});

describe('chargedPrice', () => {
  const quoted = new Map([
    [1, 150_000],
    [2, 120_000],
  ]);
  it('quotes a service the booking holds at its held price, any other at today’s', () => {
    const held = new Map([[1, 140_000]]);
    expect(chargedPrice(1, held, quoted)).toBe(140_000);
    expect(chargedPrice(2, held, quoted)).toBe(120_000);
    expect(chargedPrice(1, new Map(), quoted)).toBe(150_000);
    expect(chargedPrice(9, held, quoted)).toBeUndefined();
  });
});
