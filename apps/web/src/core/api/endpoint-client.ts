import { fillPath, type Endpoint, type EndpointInput, type EndpointResponse } from '@portal/shared/core/endpoint';
import { api, type RequestOptions } from './api-client';

/**
 * Calls one endpoint of packages/shared through the app's HTTP client (token, refresh, 401/403
 * handling): the path is filled from `params`, the method is the endpoint's, and the answer is typed
 * by the endpoint's response schema — the web never writes a path or a response type itself.
 */
export function call<E extends Endpoint>(e: E, input: EndpointInput<E>, opts: Omit<RequestOptions, 'query' | 'body'> = {}): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const path = fillPath(e.path, params);
  switch (e.method) {
    case 'GET':
      return api.get<EndpointResponse<E>>(path, { ...opts, query });
    case 'DELETE':
      return api.delete<EndpointResponse<E>>(path, { ...opts, query });
    case 'POST':
      return api.post<EndpointResponse<E>>(path, body, { ...opts, query });
    case 'PUT':
      return api.put<EndpointResponse<E>>(path, body, { ...opts, query });
    case 'PATCH':
      return api.patch<EndpointResponse<E>>(path, body, { ...opts, query });
  }
}
