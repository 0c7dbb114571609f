/**
 * The three public calls of the price page (spec §7 "Public price list"). Plain fetch: this
 * page carries no login, so it does not load the admin API client or its auth handling.
 */
import { CLIENT_HEADERS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { withQuery } from '@portal/shared/rules/query-string';
import { CATALOG_PUBLIC_PATHS } from '@portal/shared/contracts/catalog.paths';
import type { PublicHospital, ServiceLookupRow, ServiceType } from '@portal/shared/contracts/catalog.contract';
import type { Page } from '@portal/shared/core/api';

/** A failed load, carrying the server's Vietnamese message (or the generic one). */
export class LoadError extends Error {}

export const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { Accept: 'application/json', ...CLIENT_HEADERS }, signal });
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new LoadError(MSG.genericError);
  }
  let body = null as { code?: unknown; message?: unknown } | null;
  try {
    body = (await res.json()) as { code?: unknown; message?: unknown } | null;
  } catch (e) {
    if (isAbort(e)) throw e;
  }
  if (!res.ok || !body || body.code !== 0) {
    const message = body && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : MSG.genericError;
    throw new LoadError(message);
  }
  return body as T;
}

export function fetchServices(params: Record<string, unknown>, signal?: AbortSignal): Promise<Page<ServiceLookupRow>> {
  return getJson(withQuery(CATALOG_PUBLIC_PATHS.lookup, params), signal);
}

export async function fetchServiceTypes(hospitalId: string | null, signal?: AbortSignal): Promise<ServiceType[]> {
  const body = await getJson<{ data: ServiceType[] }>(withQuery(CATALOG_PUBLIC_PATHS.serviceTypes, { hospitalId }), signal);
  return body.data;
}

export async function fetchHospital(hospitalId: string | null, signal?: AbortSignal): Promise<PublicHospital> {
  const body = await getJson<{ data: PublicHospital }>(withQuery(CATALOG_PUBLIC_PATHS.hospital, { hospitalId }), signal);
  return body.data;
}

/** `tel:` target of a displayed phone number ('1900 6115' → 'tel:19006115'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
