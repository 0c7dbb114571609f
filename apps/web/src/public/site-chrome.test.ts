import { describe, expect, it } from 'vitest';
import type { PublicHospital } from '@portal/shared/contracts/catalog.contract';
import { homeHref } from './site-chrome';

const hospital = (website: string | null) => ({ name: 'Bệnh viện', website }) as PublicHospital;

describe('the "Trang chủ" link of the price page', () => {
  it.each([
    [hospital('https://benhvienanphuc.vn'), 'https://benhvienanphuc.vn'],
    [hospital(null), '/list-service'],
    [hospital(''), '/list-service'],
    [null, '/list-service'],
  ])('%o leads to %s, never the staff sign-in', (h, href) => {
    expect(homeHref(h)).toBe(href);
    expect(homeHref(h)).not.toBe('/');
  });
});
