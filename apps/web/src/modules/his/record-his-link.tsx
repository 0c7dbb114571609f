import { Alert, Button, Tag } from 'antd';
import { CloudDownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { hisApi, hisKeys } from './his.api';
import { TH } from './his.messages';

const M = TH.record;
/** The HIS screen's patient lookup, where a profile is linked. */
export const HIS_PATIENTS_TAB = '/admin/ket-noi-his?tab=patients';
const GAP = { marginBottom: 16 } as const;

/**
 * A medical profile's link to the HIS on the patient record: who it is in the HIS and when it was last pulled, with
 * "Lấy hồ sơ từ HIS"; unlinked, the way to link it (or whom to ask). Nothing while the facility has no working HIS.
 */
export function HisRecordLink({ profileId, onPulled }: { profileId: number; onPulled: () => void }) {
  const me = useMe();
  const manager = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SETTING');
  const link = useQuery({ queryKey: hisKeys.recordLink(profileId), queryFn: () => hisApi.recordLink(profileId), retry: false });
  const pull = useMutation({
    mutationFn: () => hisApi.pull(profileId),
    onSuccess: (r) => {
      const { run: _run, ...counts } = r;
      notify.success(fmt(M.pulled, counts));
      void link.refetch();
      onPulled();
    },
    onError: (e) => reportError(e),
  });
  const data = link.data;
  if (!data?.available) return null;
  if (!data.link) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="his-record-link"
        style={GAP}
        title={
          <>
            {M.notLinked} {manager ? <Link to={HIS_PATIENTS_TAB}>{M.linkHere}</Link> : M.askManager}
          </>
        }
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      icon={<LinkOutlined />}
      data-testid="his-record-link"
      style={GAP}
      title={fmt(M.linked, { name: data.link.hisName, at: data.link.lastPulledAt ? formatDateTime(data.link.lastPulledAt) : M.neverPulled })}
      action={
        <Button size="small" icon={<CloudDownloadOutlined />} loading={pull.isPending} onClick={() => pull.mutate()}>
          {M.pull}
        </Button>
      }
    />
  );
}

/** "Từ HIS" on a visit the HIS reported (its time in the tooltip). */
export function FromHisTag({ at }: { at: string }) {
  return (
    <Tag color="purple" title={fmt(M.fromHisHint, { at: formatDateTime(at) })} data-testid="visit-from-his">
      {M.fromHis}
    </Tag>
  );
}
