import { Alert, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { AUTHORITY_LABELS, isAuthority } from '@portal/shared/authorities';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { useAuthorizes, useMe } from '../auth/use-session';
import './home-page.css';

/**
 * /admin: who is signed in, for which facility, with which authorities, and today's date.
 *
 * The first screen after sign-in, so part of the first load (issue 13, under 300 KB gzipped):
 * its two panels and headings are plain elements drawn like antd's Card and Typography
 * (home-page.css, from antd's theme variables) because antd's Card brings its Tabs and
 * Typography brings the TextArea of its editable mode, ~30 KB gzipped the screen never uses.
 */
export function HomePage() {
  const me = useMe();
  const authorizes = useAuthorizes();
  if (!me.data) return <Skeleton active />;
  const { user, hospitalByAdmin } = me.data;
  const granted = (authorizes.data ?? []).filter((a) => a.granted);

  return (
    <Flex vertical gap={16}>
      <section className="home-panel">
        <div className="home-panel-body">
          <h3 className="home-greeting">{fmt(T.home.greeting, { name: user.name })}</h3>
          <p className="home-intro">
            {fmt(T.home.today, { date: formatDate(new Date()) })} · {T.home.intro}
          </p>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={T.home.facility}>{hospitalByAdmin.name}</Descriptions.Item>
            <Descriptions.Item label={T.home.username}>{user.username}</Descriptions.Item>
          </Descriptions>
        </div>
      </section>
      <section className="home-panel" aria-labelledby="home-authorities-title">
        <div className="home-panel-head" id="home-authorities-title">
          {T.home.authorities}
        </div>
        <div className="home-panel-body">
          {authorizes.isLoading ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : granted.length === 0 ? (
            <Alert type="info" showIcon title={T.home.noAuthorities} />
          ) : (
            <Flex wrap gap={8} data-testid="authority-list">
              {granted.map((a) => (
                <Tag key={a.code} color="blue">
                  {isAuthority(a.code) ? AUTHORITY_LABELS[a.code] : a.name}
                </Tag>
              ))}
            </Flex>
          )}
        </div>
      </section>
    </Flex>
  );
}
