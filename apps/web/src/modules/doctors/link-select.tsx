import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DoctorLinkKind } from '@portal/shared/contracts/doctors.contract';
import { resourceKeys } from '../../core/api/query-keys';
import { SelectBox } from '../../core/blocks/select-box';
import { doctorsApi } from './doctors.api';

/** The name of one department / specialty / room by id (a value restored from the URL or a row). */
function LinkName({ kind, id, known }: { kind: DoctorLinkKind; id: number; known?: ReadonlyMap<number, string> }) {
  const name = known?.get(id);
  const q = useQuery({
    queryKey: resourceKeys(`doctor-link-${kind}`).detail(id),
    queryFn: async () => (await doctorsApi.linkName(kind, id)) ?? `#${id}`,
    enabled: !name,
    staleTime: 5 * 60_000,
  });
  return <>{name ?? q.data ?? `#${id}`}</>;
}

export interface LinkSelectProps {
  kind: DoctorLinkKind;
  value?: number | number[];
  // biome-ignore lint/suspicious/noExplicitAny: antd hands a number or a list of numbers
  onChange?: (v: any) => void;
  mode?: 'multiple';
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  /** Names already known (the edited doctor's), so chosen values show without a lookup. */
  known?: ReadonlyMap<number, string>;
  /** Extra filters of the loader (rooms of a department). */
  filter?: Record<string, string | number | undefined>;
  'aria-label'?: string;
}

/** The paged dropdown (spec §9) over what a doctor can be linked to. */
export function LinkSelect({ kind, known, filter, mode, ...rest }: LinkSelectProps) {
  const filterKey = JSON.stringify(filter ?? {});
  const loader = useMemo(() => doctorsApi.linkLoader(kind, filter), [kind, filterKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // antd shows the bare value when its option is not loaded (yet): show the name instead.
  const label = (value: unknown, shown: ReactNode) =>
    (shown === undefined || shown === null || shown === value) && typeof value === 'number' ? <LinkName kind={kind} id={value} known={known} /> : shown;
  return (
    <SelectBox
      loader={loader}
      reloadKey={filterKey}
      mode={mode}
      labelRender={({ label: shown, value }) => label(value, shown)}
      tagRender={({ label: shown, value, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label(value, shown)}
        </Tag>
      )}
      {...rest}
    />
  );
}
