import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { addressEndpoints } from '@portal/shared/contracts/address.contract';
import { call } from '../../core/api/endpoint-client';
import { ZONE_FILTER as M } from './address.messages';

/** The zones (3 regions, 6 socio-economic regions) of GET /api/catalog/v1/zones, as one grouped select. */
export function ZoneFilter({ value, onChange }: { value: string | undefined; onChange: (zone: string | undefined) => void }) {
  const zones = useQuery({
    queryKey: ['catalog', 'zones'],
    queryFn: async () => (await call(addressEndpoints.zones, { query: {} })).data,
    staleTime: 3_600_000,
  });
  const group = (kind: string) => (zones.data ?? []).filter((z) => z.kind === kind).map((z) => ({ value: z.code, label: z.name }));
  return (
    <Select
      aria-label={M.label}
      prefix={`${M.label}:`}
      style={{ minWidth: 230 }}
      popupMatchSelectWidth={false}
      loading={zones.isLoading}
      value={value ?? 'all'}
      options={[
        { value: 'all', label: M.all },
        { label: M.regions, options: group('Miền') },
        { label: M.economic, options: group('Vùng kinh tế - xã hội') },
      ]}
      onChange={(v: string) => onChange(v === 'all' ? undefined : v)}
    />
  );
}
