/**
 * The booking form's services with their prices: each chosen service carries the price the
 * booking charges — on the update form the price the booking holds for a service it keeps, else
 * today's price (the server's rule, rules/high-quality-price `servicePrice`) — and the form shows
 * their sum as the expected cost of the visit, which is the total saving stores.
 */

/** A chosen service as the form holds it (antd's labelInValue pair plus its price, when known). */
export interface PricedService {
  value: number;
  label: string;
  price?: number;
}

/** The expected cost: the sum of the chosen services' prices (a price not known counts nothing). */
export function servicesTotal(services: readonly Pick<PricedService, 'price'>[] | null | undefined): number {
  return (services ?? []).reduce((sum, s) => sum + (s.price ?? 0), 0);
}

/**
 * The price saving charges for a service (the server's update, appointments/update.operation): the
 * price the booking holds for it when it is one of the booking's services (quoted on the day it was
 * booked, on the update form), else today's price as the dropdown quoted it.
 */
export function chargedPrice(id: number, held: ReadonlyMap<number, number>, quoted: ReadonlyMap<number, number>): number | undefined {
  return held.get(id) ?? quoted.get(id);
}

/**
 * The chosen services after a change of the dropdown, which gives back value and label only: one
 * of the booking's services takes the price the booking holds (also when removed and chosen again,
 * since the booking still holds it until saved), another chosen one keeps its price, a newly
 * chosen one takes the price the dropdown quoted for it.
 */
export function withPrices(
  next: readonly { value: number; label: string }[],
  chosen: readonly PricedService[],
  quoted: ReadonlyMap<number, number>,
  held: ReadonlyMap<number, number> = new Map(),
): PricedService[] {
  const kept = new Map(chosen.map((s) => [s.value, s.price]));
  return next.map((s) => ({ value: s.value, label: s.label, price: held.get(s.value) ?? kept.get(s.value) ?? quoted.get(s.value) }));
}
