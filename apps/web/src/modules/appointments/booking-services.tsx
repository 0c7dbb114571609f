import { useCallback, useMemo, useRef } from 'react';
import { Flex, Typography } from 'antd';
import { fmt } from '@portal/shared/messages.vi';
import { formatVnd } from '@portal/shared/rules/format';
import { SelectBox, type SelectBoxLoader } from '../../core/blocks/select-box';
import { serviceOptions } from './appointments.api';
import { BOOKING_UI } from './appointments.messages';
import { chargedPrice, servicesTotal, withPrices, type PricedService } from './booking-services.logic';

const M = BOOKING_UI.form;
/** Most services one booking may carry. */
const MAX_SERVICES = 20;

/**
 * The booking's services (a form control): the paged dropdown shows each service's price as the
 * booking will charge it, and under it each chosen service with its price and the expected total,
 * so a receptionist on the phone can tell the patient what the visit will cost. On the update form
 * `held` is the booking's services: they keep the price the booking holds (what the patient was
 * quoted), as saving does; only services it does not hold are quoted at today's price.
 */
export function ServicesPicker({
  id,
  value = [],
  onChange,
  held,
}: {
  id?: string;
  value?: PricedService[];
  onChange?: (v: PricedService[]) => void;
  held?: readonly { id: number; price: number }[];
}) {
  const heldPrices = useMemo(() => new Map((held ?? []).map((s) => [s.id, s.price])), [held]);
  // The prices the dropdown has quoted so far, by service id (antd hands back only value and label).
  const quoted = useRef(new Map<number, number>());
  const loader = useCallback<SelectBoxLoader>(async (params) => {
    const page = await serviceOptions(params);
    for (const s of page.data) quoted.current.set(s.id, s.price);
    return { data: page.data, totalPage: page.totalPage };
  }, []);

  return (
    <Flex vertical gap={8}>
      <SelectBox
        id={id}
        aria-label={M.services}
        mode="multiple"
        labelInValue
        allowClear
        maxCount={MAX_SERVICES}
        loader={loader}
        value={value}
        onChange={(next: { value: number; label: string }[] | undefined) => onChange?.(withPrices(next ?? [], value, quoted.current, heldPrices))}
        optionRender={(o) => (
          <Flex justify="space-between" gap={12}>
            <span>{o.label}</span>
            <Typography.Text type="secondary">{formatVnd(chargedPrice(o.value as number, heldPrices, quoted.current))}</Typography.Text>
          </Flex>
        )}
      />
      {value.length > 0 && (
        <Flex vertical component="ul" aria-label={M.servicePrices} data-testid="booking-service-prices" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {value.map((s) => (
            <Flex key={s.value} component="li" justify="space-between" gap={12}>
              <Typography.Text>{s.label}</Typography.Text>
              <Typography.Text>{formatVnd(s.price)}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
      <Typography.Text strong data-testid="booking-form-total">
        {fmt(M.estimatedTotal, { total: formatVnd(servicesTotal(value)) })}
      </Typography.Text>
    </Flex>
  );
}
