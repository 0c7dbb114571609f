import { describe, expect, it } from 'vitest';
import type { ConnectionDto } from '@portal/shared/contracts/his.contract';
import { connectionBodyOf, connectionFormOf, NO_SYNC_HOUR, runActive } from './his.logic';

const saved: ConnectionDto = {
  configured: true,
  enabled: true,
  baseUrl: 'https://his.benhvien.vn/fhir/R4',
  authType: 'OAUTH2',
  username: null,
  clientId: 'cong-dat-kham',
  tokenUrl: 'https://his.benhvien.vn/oauth/token',
  hasSecret: true,
  secretKeyConfigured: true,
  hisOrganizationId: 'bv-an-phuc',
  patientCodeSystem: 'urn:his:patient-code',
  timeoutSeconds: 15,
  pageSize: 100,
  maxPages: 200,
  syncHour: null,
  nightlyPull: true,
  sendCheckins: false,
  lastTest: null,
  updatedAt: null,
  updatedBy: null,
};

describe('the connection form', () => {
  it('round-trips a saved connection; an empty secret is left out so the stored one is kept', () => {
    const form = connectionFormOf(saved);
    expect(form.syncHour).toBe(NO_SYNC_HOUR);
    expect(connectionBodyOf(form)).toEqual({
      enabled: true,
      baseUrl: 'https://his.benhvien.vn/fhir/R4',
      authType: 'OAUTH2',
      clientId: 'cong-dat-kham',
      tokenUrl: 'https://his.benhvien.vn/oauth/token',
      hisOrganizationId: 'bv-an-phuc',
      patientCodeSystem: 'urn:his:patient-code',
      timeoutSeconds: 15,
      pageSize: 100,
      maxPages: 200,
      syncHour: null,
      nightlyPull: true,
      sendCheckins: false,
    });
  });

  it("sends only the auth type's own fields, a typed secret and the hour", () => {
    const body = connectionBodyOf({ ...connectionFormOf(saved), authType: 'BASIC', username: ' his_user ', secret: 'Mk@2026', syncHour: 2 });
    expect(body).toMatchObject({ authType: 'BASIC', username: 'his_user', secret: 'Mk@2026', syncHour: 2 });
    expect(body).not.toHaveProperty('clientId');
    expect(body).not.toHaveProperty('tokenUrl');
  });

  it('offers only "Không xác thực" when the server has no HIS_SECRET_KEY', () => {
    expect(connectionFormOf({ ...saved, secretKeyConfigured: false }).authType).toBe('NONE');
  });
});

it('a run is active while queued or running', () => {
  expect(['QUEUED', 'RUNNING', 'DONE', 'PARTIAL', 'FAILED'].map((status) => runActive({ status: status as never }))).toEqual([true, true, false, false, false]);
});
