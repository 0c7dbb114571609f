import { Flex, Tag } from 'antd';
import { HIS_RUN_STATUS_LABELS, type RunDto } from '@portal/shared/contracts/his.contract';
import { RUN_STATUS_COLOR } from './his.logic';
import { TH } from './his.messages';

const C = TH.sync.counts;
const COUNTS = [
  ['created', 'success'],
  ['updated', 'blue'],
  ['unchanged', undefined],
  ['skipped', 'warning'],
  ['failed', 'error'],
] as const;

export function RunStatusTag({ status }: { status: RunDto['status'] }) {
  return (
    <Tag color={RUN_STATUS_COLOR[status]} data-testid="his-run-status">
      {HIS_RUN_STATUS_LABELS[status]}
    </Tag>
  );
}

/** A run's counts, one small tag each ("Thêm mới 3"); a zero stays grey so the others stand out. */
export function RunCounts({ run }: { run: RunDto }) {
  return (
    <Flex wrap gap={4} data-testid="his-run-counts" style={{ maxWidth: 260 }}>
      {COUNTS.map(([key, color]) => (
        <Tag key={key} color={run[key] > 0 ? color : undefined} style={{ marginInlineEnd: 0 }}>
          {C[key]} {run[key]}
        </Tag>
      ))}
    </Flex>
  );
}
