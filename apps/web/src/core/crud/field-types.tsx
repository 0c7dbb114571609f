/**
 * The field-type registry (STYLE §8): for each FieldType of a resource definition, how a list
 * cell shows it, which widget filters it and which input edits it. Formatting (VND, Có/Không,
 * thousands) lives here once; the server's coercion of the same types is the zod body.
 */
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { refNameKey, type FieldDef, type FieldType } from '@portal/shared/core/define-resource';
import { MSG } from '@portal/shared/messages.vi';
import { formatDate, formatVnd } from '@portal/shared/rules/format';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { resourceEndpoints } from '@portal/shared/core/resource-endpoints';
import { RESOURCES } from '@portal/shared/resources';
import { CORE_T as T } from '../messages';
import { call } from '../api/endpoint-client';
import { resourceKeys } from '../api/query-keys';
import { DateShorthandInput } from '../blocks/date-shorthand-input';
import { DebouncedInput } from '../blocks/debounced-input';
import { SelectBox, type SelectBoxLoader } from '../blocks/select-box';
import type { SelectPage } from '../blocks/select-box.logic';
import { resourceApi, rowName, type ResourceRow } from './resource-api';
import type { InputLimits } from './zod-rules';
import { TagList, WrapText } from './cells';
import { COLUMN_WIDTH, TEXT_MAX_WIDTH, TEXT_MIN_WIDTH } from './cells.logic';

export interface FilterWidgetProps {
  field: FieldDef;
  /** URL text ('true', '12', 'NOI'); undefined = no filter. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** For a ref: extra filters of its dropdown (e.g. only provinces when picking a ward's parent). */
  refQuery?: Record<string, string>;
}

/** What a form input may need besides its field: the row being edited, the ref's dropdown filters. */
export interface InputContext {
  row: ResourceRow | null;
  refQuery?: Record<string, string>;
}

export interface FieldTypeSpec {
  cell: (value: unknown, field: FieldDef, row?: ResourceRow) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** List column width (cells.logic COLUMN_WIDTH); none = sized to the content, which wraps. */
  width?: number;
  filter: (props: FilterWidgetProps) => ReactNode;
  /** The form input; Form.Item hands it value and onChange (or `checked` for valuePropName). */
  input: (field: FieldDef, limits: InputLimits, ctx?: InputContext) => ReactElement;
  valuePropName?: 'checked';
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
const groupDigits = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v).replace(THOUSANDS, '.'));
const parseDigits = (v: string | undefined) => (v ? Number(v.replace(/[^\d-]/g, '')) : (null as unknown as number));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const FILTER_WIDTH = 200;

function refDef(field: FieldDef) {
  const def = RESOURCES.find((r) => r.name === field.ref);
  if (!def) throw new Error(`Field ${field.key}: unknown ref resource "${field.ref ?? ''}"`);
  return def;
}

/**
 * The referenced resource's paged dropdown route (`{path}/select`: active rows, id and name); a ref's
 * fixed `options` (e.g. the high-quality clinic 1000102) come first on the first page.
 */
function refLoader(field: FieldDef, refQuery: Record<string, string> = {}): SelectBoxLoader {
  const options = resourceEndpoints(refDef(field)).options;
  if (!options) throw new Error(`Field ${field.key}: "${field.ref ?? ''}" offers no dropdown`);
  return async ({ page, size, search }) => {
    const res: SelectPage = await call(options, { query: { ...refQuery, page, size, q: search } });
    if (page !== 0 || !field.options?.length) return res;
    const words = normalizeText(search).split(' ').filter(Boolean);
    const fixed = field.options.filter((o) => words.every((w) => normalizeText(o.label).includes(w)));
    return { ...res, data: [...fixed.map((o) => ({ id: Number(o.value), name: o.label })), ...res.data] };
  };
}

/** The name of a referenced row (rows carry only the id); one cached read per id. */
function RefName({ field, id }: { field: FieldDef; id: unknown }) {
  const def = refDef(field);
  const fixed = field.options?.find((o) => o.value === id);
  const valid = typeof id === 'number' && id > 0 && !fixed;
  const row = useQuery({
    queryKey: resourceKeys(def.name).detail(valid ? id : 0),
    queryFn: () => resourceApi(def).get(id as number),
    enabled: valid,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (fixed) return <>{fixed.label}</>;
  if (!valid) return null;
  return <>{row.data ? rowName(def, row.data) : `#${id}`}</>;
}

function RefSelect({
  field,
  multiple,
  refQuery,
  known,
  ...rest
}: {
  field: FieldDef;
  multiple?: boolean;
  refQuery?: Record<string, string>;
  /** The id and name the edited row already carries (no request to show them). */
  known?: { id: unknown; name: unknown };
  value?: number | number[];
  onChange?: (v: number | undefined) => void;
  allowClear?: boolean;
  style?: CSSProperties;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const loader = refLoader(field, refQuery);
  return (
    <SelectBox
      mode={multiple ? 'multiple' : undefined}
      loader={loader}
      reloadKey={JSON.stringify(refQuery ?? {})}
      // A value outside the loaded page still shows its name.
      labelRender={({ label, value }) =>
        label ?? (known && known.id === value && typeof known.name === 'string' ? known.name : <RefName field={field} id={value} />)
      }
      {...rest}
    />
  );
}

function textFilter({ field, value, onChange }: FilterWidgetProps) {
  return (
    <DebouncedInput
      aria-label={field.label}
      placeholder={field.label}
      allowClear
      value={value ?? ''}
      onDebouncedChange={(v) => onChange(v.trim() || undefined)}
      style={{ width: FILTER_WIDTH }}
    />
  );
}

function OptionsFilter({ field, value, onChange, options }: FilterWidgetProps & { options: { value: string; label: string }[] }) {
  return (
    <Select
      aria-label={field.label}
      placeholder={field.label}
      allowClear
      value={value}
      onChange={(v: string | undefined) => onChange(v ?? undefined)}
      options={options}
      style={{ width: FILTER_WIDTH }}
    />
  );
}

const YES_NO = [
  { value: 'true', label: T.crud.yes },
  { value: 'false', label: T.crud.no },
];

const textInput = (_f: FieldDef, limits: InputLimits) => <Input maxLength={limits.maxLength} />;
const numberCell = (v: unknown) => groupDigits(v);

export const FIELD_TYPES: Record<FieldType, FieldTypeSpec> = {
  // words wrap in a column of at least TEXT_MIN_WIDTH; a code is short and stays on one line
  text: { cell: (v) => <WrapText>{text(v)}</WrapText>, filter: textFilter, input: textInput },
  code: { cell: text, filter: textFilter, input: textInput },
  textarea: {
    cell: (v) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text(v) }} style={{ margin: 0, minWidth: TEXT_MIN_WIDTH, maxWidth: TEXT_MAX_WIDTH }}>
        {text(v)}
      </Typography.Paragraph>
    ),
    filter: textFilter,
    input: (_f, limits) => <Input.TextArea maxLength={limits.maxLength} showCount autoSize={{ minRows: 3, maxRows: 8 }} />,
  },
  integer: {
    cell: numberCell,
    align: 'right',
    width: COLUMN_WIDTH.number,
    filter: textFilter,
    input: (_f, limits) => <InputNumber min={limits.min} max={limits.max} precision={0} style={{ width: '100%' }} />,
  },
  money: {
    cell: (v) => formatVnd(typeof v === 'number' ? v : null),
    align: 'right',
    width: COLUMN_WIDTH.number,
    filter: textFilter,
    input: (_f, limits) => (
      <InputNumber<number> min={limits.min} max={limits.max} precision={0} formatter={groupDigits} parser={parseDigits} suffix="₫" style={{ width: '100%' }} />
    ),
  },
  boolean: {
    cell: (v) => (v ? <Tag color="green">{T.crud.yes}</Tag> : <Tag>{T.crud.no}</Tag>),
    align: 'center',
    filter: (props) => <OptionsFilter {...props} options={YES_NO} />,
    input: () => <Switch />,
    valuePropName: 'checked',
  },
  enum: {
    cell: (v, f) => {
      const label = (x: unknown) => f.options?.find((o) => o.value === x)?.label ?? text(x);
      return Array.isArray(v) ? <TagList items={v.map((x) => ({ key: String(x), text: label(x) }))} /> : label(v);
    },
    filter: (props) => <OptionsFilter {...props} options={(props.field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }))} />,
    input: (f) => (
      <Select
        allowClear
        mode={f.multiple ? 'multiple' : undefined}
        placeholder={MSG.select}
        options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
      />
    ),
  },
  date: {
    cell: (v) => (typeof v === 'string' ? formatDate(v) : ''),
    width: COLUMN_WIDTH.date,
    filter: textFilter,
    input: () => <DateShorthandInput showError={false} />,
  },
  list: {
    // Nested rows are edited by ListFieldInput (resource-form renders it); the list shows how many.
    cell: (v) => (Array.isArray(v) && v.length > 0 ? `${v.length}` : ''),
    align: 'right',
    filter: () => null,
    input: () => <></>,
  },
  ref: {
    // The row carries the referenced name (departmentId → departmentName): no request per cell.
    cell: (v, f, row) =>
      Array.isArray(v) ? (
        <TagList items={v.map((id) => ({ key: String(id), text: `#${String(id)}`, label: <RefName field={f} id={id} /> }))} />
      ) : (
        <WrapText>{text(row?.[refNameKey(f.key)] ?? (v == null ? '' : `#${String(v)}`))}</WrapText>
      ),
    filter: ({ field, value, onChange, refQuery }) => (
      <RefSelect
        field={field}
        refQuery={refQuery}
        aria-label={field.label}
        allowClear
        placeholder={field.label}
        value={value ? Number(value) : undefined}
        onChange={(v) => onChange(v === undefined || v === null ? undefined : String(v))}
        style={{ width: FILTER_WIDTH }}
      />
    ),
    input: (f, _limits, ctx) => (
      <RefSelect field={f} multiple={f.multiple} refQuery={ctx?.refQuery} known={{ id: ctx?.row?.[f.key], name: ctx?.row?.[refNameKey(f.key)] }} allowClear />
    ),
  },
};
