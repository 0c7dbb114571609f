import { useState } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobRowDto } from '@portal/shared/contracts/jobs.contract';
import { formatDateTime } from '@portal/shared/rules/format';
import { actionsColumn, EllipsisText } from '../../core/crud/cells';
import { TEXT_MAX_WIDTH } from '../../core/crud/cells.logic';
import { EMPTY_LIST_STATE, type ListState } from '../../core/crud/list-state';
import { PagedTable } from '../../core/crud/paged-table';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { logKeys, logsApi } from './logs.api';
import { TL } from './logs.messages';

const SPEC = { sortable: [], filters: [], defaultSort: { field: 'id', direction: 'desc' as const } };
const M = TL.jobs;

/** The last error a job kept: the message of its JSON, or the text itself. */
function errorText(raw: string | null): string {
  if (!raw) return '';
  try {
    const e = JSON.parse(raw) as { message?: string };
    return e.message ?? raw;
  } catch {
    return raw;
  }
}

/** The background jobs that died (every attempt failed), with "Chạy lại" for each. */
export function DeadJobs() {
  const [state, setState] = useState<ListState>(EMPTY_LIST_STATE);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: logKeys.deadJobs(state), queryFn: ({ signal }) => logsApi.deadJobs(state, signal), placeholderData: keepPreviousData });
  const retry = useMutation({
    mutationFn: (id: number) => logsApi.retry(id),
    onSuccess: () => notify.success(M.retried),
    onError: (e) => reportError(e),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
  const columns: ColumnsType<JobRowDto> = [
    {
      title: M.name,
      key: 'name',
      render: (_v, j) => (
        <Flex vertical>
          <Typography.Text code>{j.name}</Typography.Text>
          {j.system && <Tag style={{ alignSelf: 'flex-start' }}>{M.system}</Tag>}
        </Flex>
      ),
    },
    { title: M.attempts, key: 'attempts', render: (_v, j) => `${j.attempts}/${j.maxAttempts}` },
    { title: M.lastError, key: 'lastError', render: (_v, j) => <EllipsisText text={errorText(j.lastError)} width={TEXT_MAX_WIDTH} /> },
    { title: M.finishedAt, key: 'finishedAt', render: (_v, j) => formatDateTime(j.finishedAt) },
    actionsColumn((j) => (
      <Button size="small" type="link" loading={retry.isPending && retry.variables === j.id} onClick={() => retry.mutate(j.id)}>
        {M.retry}
      </Button>
    )),
  ];
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon title={M.intro} />
      <PagedTable<JobRowDto> list={list} state={state} onChange={setState} spec={SPEC} columns={columns} />
    </Flex>
  );
}
