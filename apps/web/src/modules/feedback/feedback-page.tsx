import { hasAuthority } from '@portal/shared/authorities';
import { FEEDBACK_AUTHORITY } from '@portal/shared/contracts/feedback.contract';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { type ScreenTab, TabbedScreen } from '../../core/blocks/tabbed-screen';
import { useMe } from '../auth/use-session';
import { FeedbackListTab } from './feedback-list-tab';
import { FeedbackUsersTab } from './feedback-users-tab';
import { TF } from './feedback.messages';
import { RateReportTab } from './rate-report-tab';

const TABS: ScreenTab[] = [
  { key: 'list', label: TF.tabs.list, render: () => <FeedbackListTab /> },
  { key: 'users', label: TF.tabs.users, render: () => <FeedbackUsersTab /> },
  { key: 'report', label: TF.tabs.report, render: () => <RateReportTab /> },
];

/**
 * /admin/danh-sach-phan-hoi (MANAGER_CONSULTATION, issue 19): patients' feedback and star ratings — the list with the
 * reply and the handling of complaints, the patients who gave feedback, and the rate report with its charts and Excel.
 */
export function FeedbackPage() {
  const me = useMe();
  if (!hasAuthority(me.data?.user.authorities ?? [], FEEDBACK_AUTHORITY)) return <ForbiddenPage />;
  return <TabbedScreen title={TF.title} tabs={TABS} />;
}
