import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { ProfileHit } from '@portal/shared/contracts/patients.contract';
import { DROPDOWN_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { createDebouncer } from '../../core/blocks/debounce';
import { bookingsApi } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';

type Hit = Pick<ProfileHit, 'id' | 'fullName' | 'patientCode' | 'birthDate' | 'phone'> & { userId?: number };

export const profileLabel = (p: Hit) => [p.fullName, p.patientCode, formatDate(p.birthDate), formatPhone(p.phone)].filter(Boolean).join(' · ');

/**
 * Finds the caller's medical profile while they are on the phone: name without diacritics, phone,
 * CCCD or patient code (the patients module's suggest, 10 hits). `fixed` = the profiles of one
 * account (/admin/dat-kham-moi/:userId), chosen from without searching. Another screen may search through its own
 * route (`suggest`, the same hits) and read the chosen hit (`onHit`: the push form needs the profile's account).
 * `known`: profiles offered without a search (a patient just registered beside it, chosen at once).
 * `onQuery`: the text typed, as typed.
 */
export function PatientPicker({
  value,
  onChange,
  fixed,
  autoFocus,
  suggest = bookingsApi.suggestProfiles,
  onHit,
  known = [],
  onQuery,
}: {
  value?: number;
  onChange?: (v: number) => void;
  fixed?: Hit[];
  autoFocus?: boolean;
  suggest?: (q: string) => Promise<Hit[]>;
  onHit?: (hit: Hit | undefined) => void;
  known?: Hit[];
  /** What is typed in the search, as typed (the new-patient form starts from it). */
  onQuery?: (q: string) => void;
}) {
  const [hits, setHits] = useState<Hit[]>([]);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const search = useMemo(
    () =>
      createDebouncer(async (q: string) => {
        const id = ++request.current;
        if (q.trim() === '') return setHits([]);
        setLoading(true);
        try {
          const found = await suggest(q.trim());
          if (id === request.current) setHits(found);
        } catch {
          // Spec §8: a failed dropdown load just stops the loading indicator.
        } finally {
          if (id === request.current) setLoading(false);
        }
      }, DROPDOWN_SEARCH_DEBOUNCE_MS),
    [suggest],
  );
  useEffect(() => () => search.cancel(), [search]);

  const offered = fixed ?? [...known, ...hits.filter((h) => !known.some((k) => k.id === h.id))];
  const options = offered.map((p) => ({ value: p.id, label: profileLabel(p) }));
  return (
    <Select
      aria-label={BOOKING_UI.form.patient}
      autoFocus={autoFocus}
      value={value}
      onChange={(v: number) => {
        onChange?.(v);
        onHit?.(offered.find((h) => h.id === v));
      }}
      options={options}
      placeholder={BOOKING_UI.form.patientPlaceholder}
      showSearch={
        fixed
          ? { optionFilterProp: 'label' }
          : {
              filterOption: false,
              onSearch: (q) => {
                onQuery?.(q);
                search.schedule(q);
              },
            }
      }
      notFoundContent={loading ? <Spin size="small" /> : MSG.notFoundPlaceholder}
      loading={loading}
      data-testid="patient-picker"
    />
  );
}
