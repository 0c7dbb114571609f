import { trimTrailingSlashes } from '@portal/shared/rules/paths';
import type { CapabilityStatement } from '@medplum/fhirtypes';
import { eq, sql } from 'drizzle-orm';
import {
  type CapabilityDto,
  type ConnectionBody,
  type ConnectionDto,
  type ConnectionTestDto,
  HIS_MESSAGES,
  type HisAuthType,
} from '@portal/shared/contracts/his.contract';
import { HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { badRequest, conflict, notFound } from '../../core/errors';
import { decryptSecrets, encryptSecrets, hisSecretKey } from '../../core/secrets';
import { rows } from '../../core/sql';
import { accounts, hisConnections } from '../../db/schema';
import { type HisClient, HisError, hisClient } from './his-client';

type ConnectionRow = typeof hisConnections.$inferSelect;
const SECRET_CHANNEL = 'his';

export async function connectionRow(ex: Executor, facilityId: number): Promise<ConnectionRow | null> {
  const [row] = await ex.select().from(hisConnections).where(eq(hisConnections.facilityId, facilityId));
  return row ?? null;
}

function present(ctx: AppContext, row: ConnectionRow | null, updatedBy: string | null): ConnectionDto {
  const keyed = hisSecretKey(ctx.config) !== null;
  return {
    configured: row !== null,
    enabled: row?.enabled ?? false,
    baseUrl: row?.baseUrl ?? '',
    authType: (row?.authType ?? 'NONE') as HisAuthType,
    username: row?.username ?? null,
    clientId: row?.clientId ?? null,
    tokenUrl: row?.tokenUrl ?? null,
    hasSecret: Boolean(row?.sealedSecret),
    secretKeyConfigured: keyed,
    hisOrganizationId: row?.hisOrganizationId ?? '',
    patientCodeSystem: row?.patientCodeSystem ?? HIS_CODE_SYSTEMS.patientCode,
    timeoutSeconds: row?.timeoutSeconds ?? 15,
    pageSize: row?.pageSize ?? 100,
    maxPages: row?.maxPages ?? 200,
    syncHour: row?.syncHour ?? null,
    nightlyPull: row?.nightlyPull ?? false,
    sendCheckins: row?.sendCheckins ?? true,
    lastTest: (row?.lastTest as ConnectionTestDto | null) ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy,
  };
}

async function updaterName(ctx: AppContext, row: ConnectionRow | null): Promise<string | null> {
  if (!row?.updatedBy) return null;
  const [a] = await rows<{ name: string }>(ctx.database.db, sql`SELECT name FROM ${accounts} WHERE facility_id = ${row.facilityId} AND id = ${row.updatedBy}`);
  return a?.name ?? null;
}

export async function getConnection(ctx: AppContext, caller: Caller): Promise<ConnectionDto> {
  const row = await connectionRow(ctx.database.db, caller.facilityId);
  return present(ctx, row, await updaterName(ctx, row));
}

/** What the audit keeps of a connection: never the sealed secret. */
const auditView = (r: ConnectionRow | null) => (r ? { ...r, sealedSecret: r.sealedSecret ? '(đã lưu)' : null, lastTest: undefined } : null);

export async function saveConnection(ctx: AppContext, caller: Caller, body: ConnectionBody): Promise<ConnectionDto> {
  const key = hisSecretKey(ctx.config);
  const saved = await ctx.database.transaction(async (tx) => {
    const before = await connectionRow(tx, caller.facilityId);
    const needsSecret = body.authType !== 'NONE';
    let sealedSecret: string | null = null;
    if (needsSecret) {
      if (!key) throw badRequest(HIS_MESSAGES.noSecretKey, [{ field: 'authType', message: HIS_MESSAGES.noSecretKey }]);
      if (body.secret) sealedSecret = encryptSecrets(key, caller.facilityId, SECRET_CHANNEL, { secret: body.secret });
      else if (before?.sealedSecret && before.authType === body.authType) sealedSecret = before.sealedSecret;
      else throw badRequest(HIS_MESSAGES.secretRequired, [{ field: 'secret', message: HIS_MESSAGES.secretRequired }]);
    }
    const values = {
      facilityId: caller.facilityId,
      enabled: body.enabled,
      baseUrl: trimTrailingSlashes(body.baseUrl),
      authType: body.authType,
      username: body.authType === 'BASIC' ? (body.username ?? null) : null,
      clientId: body.authType === 'OAUTH2' ? (body.clientId ?? null) : null,
      tokenUrl: body.authType === 'OAUTH2' ? body.tokenUrl || null : null,
      sealedSecret,
      hisOrganizationId: body.hisOrganizationId,
      patientCodeSystem: body.patientCodeSystem,
      timeoutSeconds: body.timeoutSeconds,
      pageSize: body.pageSize,
      maxPages: body.maxPages,
      syncHour: body.syncHour,
      nightlyPull: body.nightlyPull,
      sendCheckins: body.sendCheckins,
      updatedAt: new Date(),
      updatedBy: caller.accountId,
    };
    const [after] = await tx.insert(hisConnections).values(values).onConflictDoUpdate({ target: hisConnections.facilityId, set: values }).returning();
    await audit(tx, caller, {
      action: before ? 'UPDATE' : 'CREATE',
      entity: 'his_connection',
      entityId: caller.facilityId,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  return present(ctx, saved, caller.name);
}

export interface ConnectedHis {
  row: ConnectionRow;
  client: HisClient;
}

/** The facility's HIS client, from its saved connection; 404 when none, 409 when switched off. */
export async function connectedHis(ctx: AppContext, facilityId: number, opts: { allowDisabled?: boolean } = {}): Promise<ConnectedHis> {
  const row = await connectionRow(ctx.database.db, facilityId);
  if (!row) throw notFound(HIS_MESSAGES.notConfigured);
  if (!row.enabled && !opts.allowDisabled) throw conflict(HIS_MESSAGES.disabled);
  return { row, client: clientOf(ctx, row) };
}

export function clientOf(ctx: AppContext, row: ConnectionRow): HisClient {
  const key = hisSecretKey(ctx.config);
  const secret = row.sealedSecret && key ? decryptSecrets(key, row.facilityId, SECRET_CHANNEL, row.sealedSecret)?.secret : null;
  return hisClient({
    baseUrl: row.baseUrl,
    authType: row.authType as HisAuthType,
    username: row.username,
    clientId: row.clientId,
    tokenUrl: row.tokenUrl,
    secret: secret == null ? null : String(secret),
    timeoutMs: row.timeoutSeconds * 1000,
    pageSize: row.pageSize,
    maxPages: row.maxPages,
  });
}

/** What the portal uses of a HIS: [type, interaction]. */
const NEEDED: [string, string][] = [
  ['Organization', 'search-type'],
  ['Location', 'search-type'],
  ['Practitioner', 'search-type'],
  ['PractitionerRole', 'search-type'],
  ['ChargeItemDefinition', 'search-type'],
  ['Patient', 'search-type'],
  ['Patient', 'read'],
  ['Encounter', 'search-type'],
  ['Condition', 'search-type'],
  ['MedicationRequest', 'search-type'],
  ['DiagnosticReport', 'search-type'],
  ['Appointment', 'update'],
];

export function capabilityOf(cs: CapabilityStatement): CapabilityDto {
  const server = cs.rest?.find((r) => r.mode === 'server') ?? cs.rest?.[0];
  const resources = (server?.resource ?? []).map((r) => ({
    type: r.type ?? '',
    interactions: (r.interaction ?? []).map((i): string => i.code ?? '').filter(Boolean),
    searchParams: (r.searchParam ?? []).map((p) => p.name ?? '').filter(Boolean),
  }));
  const has = (type: string, interaction: string) => resources.some((r) => r.type === type && r.interactions.includes(interaction));
  return {
    fhirVersion: cs.fhirVersion ?? null,
    software: [cs.software?.name, cs.software?.version].filter(Boolean).join(' ') || null,
    resources,
    missing: NEEDED.filter(([t, i]) => !has(t, i)).map(([t, i]) => `${t} (${i})`),
  };
}

export async function testConnection(ctx: AppContext, caller: Caller): Promise<ConnectionTestDto> {
  const row = await connectionRow(ctx.database.db, caller.facilityId);
  if (!row) throw notFound(HIS_MESSAGES.notConfigured);
  const started = Date.now();
  let result: ConnectionTestDto;
  try {
    const cs = await clientOf(ctx, row).capability();
    const capability = capabilityOf(cs);
    const r4 = (cs.fhirVersion ?? '').startsWith('4.0');
    result = {
      ok: r4,
      message: r4 ? HIS_MESSAGES.testOk : `HIS dùng FHIR ${cs.fhirVersion ?? 'không rõ phiên bản'}, cổng cần FHIR R4 (4.0.x)`,
      elapsedMs: Date.now() - started,
      testedAt: new Date().toISOString(),
      capability,
    };
  } catch (e) {
    result = {
      ok: false,
      message: e instanceof HisError ? e.message : `Lỗi khi kiểm tra kết nối: ${(e as Error).message}`,
      elapsedMs: Date.now() - started,
      testedAt: new Date().toISOString(),
      capability: null,
    };
  }
  await ctx.database.transaction(async (tx) => {
    await tx.update(hisConnections).set({ lastTest: result }).where(eq(hisConnections.facilityId, caller.facilityId));
    await audit(tx, caller, { action: 'TEST', entity: 'his_connection', entityId: caller.facilityId, after: { ok: result.ok, message: result.message } });
  });
  return result;
}
