import { Alert, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { AUTHORITY_LABELS, isAuthority } from '@portal/shared/authorities';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { T } from '../../app/messages';
import { useAuthorizes, useMe } from '../auth/use-session';

/** /admin: who is signed in, for which facility, with which authorities, and today's date. */
export function HomePage() {
  const me = useMe();
  const authorizes = useAuthorizes();
  if (!me.data) return <Skeleton active />;
  const { user, hospitalByAdmin } = me.data;
  const granted = (authorizes.data ?? []).filter((a) => a.granted);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {fmt(T.home.greeting, { name: user.name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {fmt(T.home.today, { date: formatDate(new Date()) })} · {T.home.intro}
        </Typography.Paragraph>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={T.home.facility}>{hospitalByAdmin.name}</Descriptions.Item>
          <Descriptions.Item label={T.home.username}>{user.username}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={T.home.authorities}>
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
      </Card>
    </Flex>
  );
}
