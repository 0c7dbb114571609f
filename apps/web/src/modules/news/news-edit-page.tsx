import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Result, Row, Select, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { hasAuthority } from '@portal/shared/authorities';
import {
  NEWS_MESSAGES,
  NEWS_SCOPE_AUTHORITY,
  NEWS_SEO_DESCRIPTION_MAX,
  NEWS_SEO_TITLE_MAX,
  NEWS_STATUS_LABELS,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  type NewsDetailDto,
  type NewsScope,
} from '@portal/shared/contracts/news.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTime } from '@portal/shared/rules/format';
import { NEWS_ALIAS_MAX, aliasProblem, slugify } from '@portal/shared/rules/news-alias';
import { toInstant } from '@portal/shared/rules/time';
import { errorMessage, isApiError } from '../../core/api/api-error';
import { ForbiddenPage } from '../../core/blocks/forbidden-page';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { LazyRichTextEditor } from '../../core/rich-text';
import { useMe } from '../auth/use-session';
import { NewsPreview } from './news-preview';
import { newsApi, newsKeys } from './news.api';
import { bodyOf, EMPTY_FORM, formValuesOf, NEWS_ROUTES, NEWS_STATUS_COLOR, type NewsFormValues, type PublishChoice, revisionValue } from './news.logic';
import { TN } from './news.messages';
import { ContentImageField } from '../../core/rich-text/content-image-field';

const F = TN.form;
type Action = 'save' | 'publish' | 'schedule' | 'preview';

/** Who changed what, newest first. */
function History({ scope, article, categoryNames }: { scope: NewsScope; article: NewsDetailDto; categoryNames: Map<number, string> }) {
  const api = newsApi(scope);
  const revisions = useQuery({ queryKey: newsKeys.revisions(scope, article.id), queryFn: () => api.revisions(article.id) });
  if (!revisions.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (revisions.data.length === 0) return <Typography.Text type="secondary">{TN.history.empty}</Typography.Text>;
  return (
    <Timeline
      data-testid="news-history"
      items={revisions.data.map((r) => ({
        key: r.id,
        content: (
          <Flex vertical gap={2}>
            <Typography.Text strong>
              {TN.history.actions[r.action] ?? r.action} · {r.by ?? TN.history.system}
            </Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(r.at)}</Typography.Text>
            {Object.entries(r.changes).map(([field, c]) => (
              <Typography.Text key={field} style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {TN.history.fields[field] ?? field}:{' '}
                {field === 'bodyHtml'
                  ? revisionValue(field, c.after, categoryNames, NEWS_STATUS_LABELS)
                  : `${revisionValue(field, c.before, categoryNames, NEWS_STATUS_LABELS)} → ${revisionValue(field, c.after, categoryNames, NEWS_STATUS_LABELS)}`}
              </Typography.Text>
            ))}
          </Flex>
        ),
      }))}
    />
  );
}

/**
 * Writing an article (issue 18): /admin/news/create and /admin/news/edit/:alias, and the same under /admin/SHP/news for
 * the private clinic. The alias follows the title until the editor types one; the body is the rich-text editor (its own
 * chunk, loaded here only); save as it is, publish now or at a time (DD/MM/YYYY HH:mm, +07:00), preview the saved article
 * as a patient sees it; the history of who changed what. An old alias in the address moves to the current one.
 */
export function NewsEditPage({ scope = 'MAIN' }: { scope?: NewsScope }) {
  const me = useMe();
  const allowed = hasAuthority(me.data?.user.authorities ?? [], NEWS_SCOPE_AUTHORITY[scope]);
  const alias = useParams().alias;
  const api = useMemo(() => newsApi(scope), [scope]);
  const routes = NEWS_ROUTES[scope];
  const navigate = useNavigate();
  const found = useQuery({ queryKey: newsKeys.alias(scope, alias ?? ''), queryFn: () => api.byAlias(alias!), enabled: allowed && !!alias, retry: false });
  useEffect(() => {
    if (found.data?.requestedAlias) void navigate(routes.edit(found.data.alias), { replace: true });
  }, [found.data, navigate, routes]);
  if (!allowed) return <ForbiddenPage />;
  if (alias && found.isError)
    return (
      <Result
        status="404"
        title={F.notFound}
        extra={
          <Link to={routes.list}>
            <Button>{F.back}</Button>
          </Link>
        }
      />
    );
  if (alias && !found.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <NewsForm key={found.data?.id ?? 'new'} scope={scope} article={found.data} />;
}

/** /admin/SHP/news/create and /admin/SHP/news/edit/:alias (MANAGER_SHP). */
export function ShpNewsEditPage() {
  return <NewsEditPage scope="SHP" />;
}

function NewsForm({ scope, article }: { scope: NewsScope; article?: NewsDetailDto }) {
  const [form] = Form.useForm<NewsFormValues>();
  const api = useMemo(() => newsApi(scope), [scope]);
  const routes = NEWS_ROUTES[scope];
  const navigate = useNavigate();
  const qc = useQueryClient();
  const cats = useQuery({ queryKey: newsKeys.categories(scope), queryFn: () => api.categories() });
  const categoryNames = useMemo(() => new Map((cats.data ?? []).map((c) => [c.id, c.name])), [cats.data]);
  const [current, setCurrent] = useState<NewsDetailDto | undefined>(article);
  // a new article saved for its preview comes back here under its alias, asking for the preview
  const location = useLocation();
  const asked = (location.state as { preview?: boolean } | null)?.preview === true;
  const [preview, setPreview] = useState<NewsDetailDto | null>(asked && article ? article : null);
  useEffect(() => {
    // asked once: a reload of the page does not open the preview again
    if (asked) void navigate(location.pathname, { replace: true, state: null });
  }, []);
  // the alias follows the title while the editor has not typed one (a new article only)
  const aliasTouched = useRef(!!article);
  const [publishAt, setPublishAt] = useState(article?.status === 'SCHEDULED' ? formatDateTime(article.publishAt) : '');
  const [timeError, setTimeError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async ({ action, values, publish }: { action: Action; values: NewsFormValues; publish: PublishChoice }) => {
      const body = bodyOf(values, publish, current?.version);
      const saved = current ? await api.update(current.id, body) : await api.create(body);
      return { action, saved };
    },
    onSuccess: ({ action, saved }) => {
      setCurrent(saved);
      form.setFieldsValue({ alias: saved.alias });
      aliasTouched.current = true;
      void qc.invalidateQueries({ queryKey: newsKeys.all(scope) });
      notify.success(action === 'publish' ? F.published : action === 'schedule' ? fmt(F.scheduled, { time: formatDateTime(saved.publishAt) }) : F.saved);
      if (action === 'preview') setPreview(saved);
      if (!current || saved.alias !== current.alias) {
        // the edit route of the (new) alias opens with this answer, not a reload
        qc.setQueryData(newsKeys.alias(scope, saved.alias), saved);
        void navigate(routes.edit(saved.alias), { replace: true, state: { preview: action === 'preview' } });
      }
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldErrors.length > 0) {
        const fields = new Set(Object.keys(EMPTY_FORM));
        for (const fe of e.fieldErrors) {
          if (fe.field === 'publishAt') setTimeError(fe.message);
          else if (fields.has(fe.field)) form.setFields([{ name: fe.field as keyof NewsFormValues, errors: [fe.message] }]);
        }
      }
      reportError(e);
    },
  });

  const run = async (action: Action) => {
    setTimeError(null);
    let publish: PublishChoice = { mode: 'KEEP' };
    if (action === 'publish') publish = { mode: 'NOW' };
    if (action === 'schedule') {
      const at = toInstant(publishAt.trim());
      if (!at || publishAt.trim().length < 16) return setTimeError(F.chooseTime);
      if (at.getTime() <= Date.now()) return setTimeError(NEWS_MESSAGES.past);
      publish = { mode: 'SCHEDULE', at };
    }
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    save.mutate({ action, values: { ...EMPTY_FORM, ...form.getFieldsValue(true) }, publish });
  };
  const busy = (a: Action) => save.isPending && save.variables?.action === a;
  const status = current?.status ?? 'DRAFT';

  return (
    <Form<NewsFormValues> form={form} layout="vertical" initialValues={article ? formValuesOf(article) : EMPTY_FORM} requiredMark>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {current ? TN.editTitle : TN.createTitle}
          </Typography.Title>
          <Link to={routes.list}>
            <Button>{F.back}</Button>
          </Link>
        </Flex>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card size="small">
              <Form.Item name="title" label={F.title} rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập tiêu đề' }]}>
                <Input
                  maxLength={NEWS_TITLE_MAX}
                  showCount
                  onChange={(e) => {
                    if (!aliasTouched.current) form.setFieldsValue({ alias: slugify(e.target.value) });
                  }}
                />
              </Form.Item>
              <Form.Item
                name="alias"
                label={F.alias}
                extra={current?.oldAliases.length ? `${F.aliasOld}: ${current.oldAliases.join(', ')}` : F.aliasHelp}
                rules={[{ validator: async (_r, v: string) => (v && aliasProblem(v) ? Promise.reject(new Error(aliasProblem(v)!)) : undefined) }]}
              >
                <Input maxLength={NEWS_ALIAS_MAX} onChange={() => (aliasTouched.current = true)} />
              </Form.Item>
              <Form.Item name="summary" label={F.summary}>
                <Input.TextArea maxLength={NEWS_SUMMARY_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              <Form.Item name="bodyHtml" label={F.body}>
                <LazyRichTextEditor allowImages minHeight={320} aria-label={F.body} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <Card size="small" title={F.publication}>
                <Flex vertical gap={8}>
                  <Space wrap>
                    <Typography.Text>{F.status}:</Typography.Text>
                    <Tag color={NEWS_STATUS_COLOR[status]} data-testid="news-form-status">
                      {NEWS_STATUS_LABELS[status]}
                    </Tag>
                    {current?.publishAt && <Typography.Text type="secondary">{formatDateTime(current.publishAt)}</Typography.Text>}
                  </Space>
                  <Button type="primary" block onClick={() => void run('save')} loading={busy('save')}>
                    {F.saveDraft}
                  </Button>
                  {status !== 'PUBLISHED' && (
                    <Button block onClick={() => void run('publish')} loading={busy('publish')}>
                      {F.publishNow}
                    </Button>
                  )}
                  {status !== 'PUBLISHED' && (
                    <Flex vertical gap={4}>
                      <Space.Compact style={{ width: '100%' }}>
                        <Input
                          aria-label={F.publishAt}
                          placeholder={F.publishAtPlaceholder}
                          maxLength={16}
                          value={publishAt}
                          status={timeError ? 'error' : undefined}
                          onChange={(e) => {
                            setPublishAt(e.target.value);
                            setTimeError(null);
                          }}
                        />
                        <Button onClick={() => void run('schedule')} loading={busy('schedule')}>
                          {F.schedule}
                        </Button>
                      </Space.Compact>
                      {timeError && (
                        <Typography.Text type="danger" data-testid="publish-at-error">
                          {timeError}
                        </Typography.Text>
                      )}
                    </Flex>
                  )}
                  <Button block onClick={() => void run('preview')} loading={busy('preview')}>
                    {F.preview}
                  </Button>
                </Flex>
              </Card>
              <Card size="small">
                <Form.Item name="coverUrl" label={F.cover}>
                  <ContentImageField preview={{ width: '100%', maxHeight: 180 }} testId="news-cover" />
                </Form.Item>
                <Form.Item name="categoryIds" label={F.categories}>
                  <Select
                    mode="multiple"
                    aria-label={F.categories}
                    allowClear
                    options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                    optionFilterProp="label"
                  />
                </Form.Item>
                <Form.Item name="tags" label={F.tags}>
                  <Select mode="tags" aria-label={F.tags} placeholder={F.tagsPlaceholder} tokenSeparators={[',']} open={false} suffixIcon={null} />
                </Form.Item>
              </Card>
              <Card size="small" title={F.seo}>
                <Form.Item name="seoTitle" label={F.seoTitle}>
                  <Input maxLength={NEWS_SEO_TITLE_MAX} showCount />
                </Form.Item>
                <Form.Item name="seoDescription" label={F.seoDescription}>
                  <Input.TextArea maxLength={NEWS_SEO_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                </Form.Item>
              </Card>
              {current && (
                <Card size="small" title={TN.history.title}>
                  <History scope={scope} article={current} categoryNames={categoryNames} />
                </Card>
              )}
              {save.isError && !isApiError(save.error) && <Alert type="error" title={errorMessage(save.error, '')} />}
            </Flex>
          </Col>
        </Row>
      </Flex>
      <NewsPreview article={preview} onClose={() => setPreview(null)} />
    </Form>
  );
}
