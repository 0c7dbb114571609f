import { describe, expect, it } from 'vitest';
import { TERMS } from '@portal/shared/messages.vi';
import { serviceResource } from '@portal/shared/resources';
import { T as ADMIN } from '../app/messages';
import { PATIENT_MESSAGES } from '../modules/patients/patients.messages';
import { T } from './messages';

/** Issue 14, item 12: one word for one thing, on the public page and in the admin screens alike. */
describe('shared terms', () => {
  const label = (key: string) => serviceResource.fields.find((f) => f.key === key)?.label;

  it('the three prices read the same on the public page and the service catalogue, in the same order', () => {
    expect([T.col.price, T.col.highQuality, T.col.insurance]).toEqual([TERMS.servicePrice, TERMS.highQualityPrice, TERMS.insurancePrice]);
    expect([label('price'), label('highQualityPrice'), label('insurancePrice')]).toEqual([T.col.price, T.col.highQuality, T.col.insurance]);
    const order = serviceResource.fields.map((f) => f.key).filter((k) => k.endsWith('rice'));
    expect(order).toEqual(['price', 'highQualityPrice', 'insurancePrice']);
  });

  it('a new one-time password is "Cấp lại mật khẩu" for staff and patients alike', () => {
    expect(ADMIN.admin.resetPassword).toBe(TERMS.reissuePassword);
    expect(Object.values(PATIENT_MESSAGES).some((group) => typeof group === 'object' && Object.values(group).includes(TERMS.reissuePassword))).toBe(true);
  });
});
