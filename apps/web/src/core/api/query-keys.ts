/**
 * Query keys. One factory per resource so a screen can invalidate "everything about X"
 * with `keys.all` while lists and details stay separately cached.
 */
export function resourceKeys<Name extends string>(name: Name) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (params: Record<string, unknown>) => [name, 'list', params] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: string | number) => [name, 'detail', id] as const,
    options: (params: Record<string, unknown>) => [name, 'options', params] as const,
  };
}

export const queryKeys = {
  session: {
    all: ['session'] as const,
    me: () => ['session', 'me'] as const,
    authorizes: () => ['session', 'authorizes'] as const,
  },
};
