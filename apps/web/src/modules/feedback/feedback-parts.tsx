import { useMemo, useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { DownloadOutlined, StarFilled } from '@ant-design/icons';
import type { FeedbackRowDto } from '@portal/shared/contracts/feedback.contract';
import { fmt } from '@portal/shared/messages.vi';
import { FEEDBACK_CRITERION_LABELS, FEEDBACK_STATUS_LABELS, lowCriteria } from '@portal/shared/rules/feedback';
import { CORE_T } from '../../core/messages';
import { reportError } from '../../core/crud/resource-api';
import { SelectBox } from '../../core/blocks/select-box';
import { loaders } from '../appointments/appointments.api';
import { sizeText } from '../reports/reports.logic';
import { starFill } from './feedback.logic';
import { TF } from './feedback.messages';

const FILLED = '#d48806';
const EMPTY = '#d9d9d9';

/** Five stars, the first `value` filled; read out as "4 trên 5 sao". */
export function Stars({ value, size = 14 }: { value: number; size?: number }) {
  const label = fmt(TF.starsLabel, { n: value });
  return (
    <span role="img" aria-label={label} title={label} data-testid="stars" data-value={value} style={{ whiteSpace: 'nowrap', fontSize: size }}>
      {starFill(value).map((on, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never move
        <StarFilled key={i} style={{ color: on ? FILLED : EMPTY, marginInlineEnd: 1 }} />
      ))}
    </span>
  );
}

/** The overall stars and, under them, the criteria a patient rated 2 stars or fewer. */
export function RatingCell({ r }: { r: FeedbackRowDto }) {
  const low = lowCriteria(r.ratings).filter((c) => c !== 'overall');
  return (
    <Flex vertical gap={2}>
      <Stars value={r.ratings.overall} />
      {low.length > 0 && <span style={{ fontSize: 12 }}>{low.map((c) => `${FEEDBACK_CRITERION_LABELS[c]} ${r.ratings[c]}★`).join(', ')}</span>}
    </Flex>
  );
}

/** Khiếu nại (with its status) and Đã trả lời, as tags. */
export function StateTags({ r }: { r: Pick<FeedbackRowDto, 'complaint' | 'status' | 'replied'> }) {
  return (
    <Flex wrap gap={4}>
      {r.complaint && (
        <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="complaint-tag">
          {TF.complaint}
        </Tag>
      )}
      {r.status && (
        <Tag color={r.status === 'NEW' ? 'orange' : 'green'} style={{ marginInlineEnd: 0 }} data-testid="status-tag">
          {FEEDBACK_STATUS_LABELS[r.status]}
        </Tag>
      )}
      {r.replied && (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {TF.replied}
        </Tag>
      )}
    </Flex>
  );
}

/** "Xuất Excel": streams the file and shows how much has come. */
export function ExportLink({ run }: { run: (onProgress: (bytes: number) => void) => Promise<void> }) {
  const [received, setReceived] = useState<number | null>(null);
  const onClick = async () => {
    setReceived(0);
    try {
      await run(setReceived);
    } catch (e) {
      reportError(e, TF.report.exportFailed);
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={received !== null} onClick={() => void onClick()}>
      {received !== null && received > 0 ? fmt(TF.report.exporting, { size: sizeText(received) }) : CORE_T.crud.export}
    </Button>
  );
}

/** The department and doctor filters of the feedback tabs: the doctors of the chosen department; a new department clears the doctor. */
export function DepartmentDoctorFilters({
  departmentId,
  doctorId,
  set,
}: {
  departmentId?: number;
  doctorId?: number;
  set: (next: { departmentId?: number; doctorId?: number }) => void;
}) {
  const doctorLoader = useMemo(() => loaders.doctors({ departmentId }), [departmentId]);
  return (
    <>
      <SelectBox
        aria-label={TF.department}
        placeholder={TF.allDepartments}
        allowClear
        style={{ width: 190 }}
        loader={loaders.departments}
        value={departmentId}
        onChange={(v: number | undefined) => set({ departmentId: v ?? undefined, doctorId: undefined })}
      />
      <SelectBox
        aria-label={TF.doctor}
        placeholder={TF.allDoctors}
        allowClear
        style={{ width: 190 }}
        loader={doctorLoader}
        reloadKey={departmentId ?? 0}
        value={doctorId}
        onChange={(v: number | undefined) => set({ doctorId: v ?? undefined })}
      />
    </>
  );
}
