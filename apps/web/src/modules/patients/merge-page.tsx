import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, List, Pagination, Popconfirm, Radio, Result, Row, Segmented, Spin, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useScreenParams } from '../../core/router/use-screen-params';
import { hasAuthority } from '@portal/shared/authorities';
import {
  DUPLICATE_REASONS,
  relationshipLabel,
  type DuplicateAccount,
  type DuplicateGroup,
  type DuplicateMatch,
  type MergeResult,
} from '@portal/shared/contracts/patients.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate, formatDateTime, orDash } from '@portal/shared/rules/format';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { T } from '../../app/messages';
import { errorMessage } from '../../core/api/api-error';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { useMe } from '../auth/use-session';
import { StatusTags } from './patient-list-page';
import { patientKeys, patientsApi } from './patients.api';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';

const G = T.patients.merge;
const L = T.patients.list;

/** "số điện thoại của hồ sơ BN00006832 Phạm Mạnh Phúc": where an account holds its group's shared value. */
export function matchText(reason: string, m: DuplicateMatch): string {
  return m.on === 'account' ? G.matchAccount : fmt(G.matchProfile[reason] ?? G.matchProfile.nameDob!, { code: m.patientCode ?? '', name: m.fullName ?? '' });
}

/** The group's shared value, named: "Trùng số điện thoại: 0381 435 536". */
function groupTitle(g: DuplicateGroup): string {
  const reason = DUPLICATE_REASONS.find((r) => r.value === g.reason)?.label ?? '';
  return fmt(G.groupKey, { reason, key: g.reason === 'phone' ? formatPhone(g.key) : g.key });
}

function AccountLine({ a, reason }: { a: DuplicateAccount; reason: string }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong>
        #{a.id} · {a.name}
      </Typography.Text>
      <Typography.Text type="secondary">
        {[formatPhone(a.phone), a.email, `${L.createdAt} ${formatDate(a.createdAt)}`].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Typography.Text type="secondary">{a.profiles.map((p) => `${p.patientCode} ${p.fullName} (${formatDate(p.birthDate)})`).join('; ')}</Typography.Text>
      <Typography.Text data-testid="duplicate-match">
        {G.matchedOn}: {a.matches.map((m) => matchText(reason, m)).join('; ')}
      </Typography.Text>
    </Flex>
  );
}

/** The side-by-side preview of a merge and its confirmation. */
function MergePreviewPanel({ keepId, removeId, onSwap, onDone }: { keepId: number; removeId: number; onSwap: () => void; onDone: (r: MergeResult) => void }) {
  const preview = useQuery({
    queryKey: [...patientKeys.all, 'merge', keepId, removeId],
    queryFn: () => patientsApi.mergePreview(keepId, removeId),
    retry: false,
  });
  const merge = useMutation({
    mutationFn: () => patientsApi.merge(keepId, removeId),
    onSuccess: (res) => {
      notify.success(res.message ?? G.done);
      onDone(res.data);
    },
    onError: (e) => reportError(e),
  });
  if (preview.isError) return <Alert type="error" showIcon title={errorMessage(preview.error, T.crud.loadFailed)} />;
  const pv = preview.data;
  if (!pv)
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );
  const side = (s: typeof pv.keep, title: string, color: string) => (
    <Card size="small" title={<Tag color={color}>{title}</Tag>} data-testid={color === 'green' ? 'merge-keep' : 'merge-remove'}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: L.name, children: s.account.name },
          { key: 'phone', label: L.phone, children: orDash(formatPhone(s.account.phone)) },
          { key: 'email', label: L.email, children: orDash(s.account.email) },
          { key: 'created', label: L.createdAt, children: formatDateTime(s.account.createdAt) },
          {
            key: 'state',
            label: L.state,
            children: (
              <>
                <StatusTags row={s.account} /> {s.account.verified ? <Tag color="blue">{L.verifiedYes}</Tag> : <Tag>{L.verifiedNo}</Tag>}
              </>
            ),
          },
          {
            key: 'counts',
            label: L.profiles,
            children: fmt(G.counts, { profiles: s.account.counts.profiles, histories: s.account.counts.histories, files: s.account.counts.resultFiles }),
          },
        ]}
      />
      <List
        size="small"
        dataSource={s.profiles}
        renderItem={(p) => (
          <List.Item>
            <Typography.Text>
              {p.patientCode} · {p.fullName} · {formatDate(p.birthDate)} · {relationshipLabel(p.relationship)}
              {p.phone ? ` · ${fmt(G.profilePhone, { phone: formatPhone(p.phone) })}` : ''}
              {p.cccd ? ` · CCCD ${p.cccd}` : ''}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
  return (
    <Flex vertical gap={12}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {side(pv.keep, fmt(G.keepTitle, { id: keepId }), 'green')}
        </Col>
        <Col xs={24} md={12}>
          {side(pv.remove, fmt(G.removeTitle, { id: removeId }), 'orange')}
        </Col>
      </Row>
      <Card size="small" title={G.moves}>
        <List
          size="small"
          dataSource={pv.moves}
          renderItem={(m) => (
            <List.Item data-testid={`move-${m.key}`}>
              <Typography.Text>{m.label}</Typography.Text>
              <Typography.Text strong>{m.count}</Typography.Text>
            </List.Item>
          )}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {fmt(G.after, { id: removeId })}
        </Typography.Paragraph>
        {pv.warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={G.warnings}
            description={
              <ul style={{ margin: 0 }}>
                {pv.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            }
          />
        )}
      </Card>
      <Flex gap={8} justify="end">
        <Button icon={<SwapOutlined />} onClick={onSwap}>
          {G.swap}
        </Button>
        <Popconfirm
          title={fmt(G.confirmTitle, { remove: removeId, keep: keepId })}
          description={G.confirmHint}
          okText={T.crud.confirm}
          cancelText={T.crud.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={() => merge.mutate()}
        >
          <Button type="primary" danger loading={merge.isPending}>
            {G.confirm}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}

/** /admin/merge-account: likely duplicates (same phone, same CCCD, same name and birth date), preview, merge, result. */
export function MergePage() {
  const me = useMe();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_USER');
  const [params, setParams] = useScreenParams();
  const reason = DUPLICATE_REASONS.some((r) => r.value === params.get('reason')) ? params.get('reason')! : 'phone';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const queryClient = useQueryClient();
  const groups = useQuery({
    queryKey: [...patientKeys.all, 'duplicates', reason, page],
    queryFn: () => patientsApi.duplicates(reason, page),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const [pair, setPair] = useState<{ keepId: number; removeId: number } | null>(null);
  const [done, setDone] = useState<MergeResult | null>(null);

  if (!allowed) return <ForbiddenPage />;
  if (done) {
    return (
      <Result
        status="success"
        title={G.done}
        subTitle={
          <>
            <div>{fmt(G.doneText, { remove: done.mergedId, keep: done.keptId })}</div>
            <div>
              {G.moved}: {done.moved.map((m) => `${m.label.split(' (')[0]} ${m.count}`).join(' · ')}
            </div>
            <div>{fmt(G.keptNow, { profiles: done.keptCounts.profiles, histories: done.keptCounts.histories, files: done.keptCounts.resultFiles })}</div>
          </>
        }
        extra={[
          <Link key="open" to={`/admin/chi-tiet-y-ba/${done.keptId}`}>
            <Button type="primary">{G.openRecord}</Button>
          </Link>,
          <Button
            key="back"
            onClick={() => {
              setDone(null);
              setPair(null);
              void queryClient.invalidateQueries({ queryKey: patientKeys.all });
            }}
          >
            {G.backToList}
          </Button>,
        ]}
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {G.title}
      </Typography.Title>
      <Typography.Text type="secondary">{G.intro}</Typography.Text>
      <Segmented
        aria-label={G.reason}
        value={reason}
        options={DUPLICATE_REASONS.map((r) => ({ value: r.value, label: r.label }))}
        onChange={(v) => {
          setPair(null);
          setParams({ reason: String(v) }, { replace: true });
        }}
      />
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <Card size="small" loading={groups.isLoading}>
            {groups.data && groups.data.data.length === 0 ? (
              <Empty description={G.noGroups} />
            ) : (
              <List
                dataSource={groups.data?.data ?? []}
                renderItem={(g) => {
                  const [a, b] = g.accounts;
                  const chosen = pair && g.accounts.some((x) => x.id === pair.keepId) && g.accounts.some((x) => x.id === pair.removeId);
                  return (
                    <List.Item data-testid="duplicate-group" style={{ background: chosen ? 'rgba(22,119,255,0.06)' : undefined }}>
                      <Flex vertical gap={8} style={{ width: '100%' }}>
                        <Typography.Text strong>{groupTitle(g)}</Typography.Text>
                        {g.accounts.map((x) => (
                          <AccountLine key={x.id} a={x} reason={g.reason} />
                        ))}
                        {a && b && (
                          <Radio.Group
                            size="small"
                            value={chosen ? pair!.keepId : undefined}
                            onChange={(e) => setPair({ keepId: e.target.value as number, removeId: e.target.value === a.id ? b.id : a.id })}
                            options={[a, b].map((x) => ({ value: x.id, label: `${G.keep} #${x.id}` }))}
                            optionType="button"
                          />
                        )}
                      </Flex>
                    </List.Item>
                  );
                }}
              />
            )}
            {groups.data && groups.data.totalPage > 1 && (
              <Pagination
                size="small"
                current={page + 1}
                pageSize={10}
                total={groups.data.totalElements}
                showSizeChanger={false}
                onChange={(p) => setParams({ reason, page: String(p - 1) }, { replace: true })}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          {pair ? (
            <MergePreviewPanel
              key={`${pair.keepId}-${pair.removeId}`}
              keepId={pair.keepId}
              removeId={pair.removeId}
              onSwap={() => setPair({ keepId: pair.removeId, removeId: pair.keepId })}
              onDone={setDone}
            />
          ) : (
            <Card>
              <Empty description={G.intro} />
            </Card>
          )}
        </Col>
      </Row>
    </Flex>
  );
}
