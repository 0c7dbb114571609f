import { formatVnd } from '@portal/shared/rules/format';
import { fmt } from '@portal/shared/messages.vi';
import { T } from './messages';

const COUNT = new Intl.NumberFormat('vi-VN');

/** A price in VND ('1.250.000 ₫'), or '—' when the service has none. */
export const price = (v: number | null | undefined) => (v == null ? T.noPrice : formatVnd(v));

/** 'Tổng số: 2.134 dịch vụ'. */
export const totalText = (total: number) => fmt(T.total, { total: COUNT.format(total) });
