import type { Ref } from 'react';
import { Button, Flex, Form, Input, Typography, type InputRef } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@portal/shared/contracts/admin.contract';
import { fmt } from '@portal/shared/messages.vi';
import { USERNAME_MAX, usernameProblem } from '@portal/shared/rules/username';
import { call } from '../../core/api/endpoint-client';
import { useDebouncedValue } from '../../core/blocks/use-debounced-value';
import { ADMIN_MESSAGES } from './admin.messages';

const M = ADMIN_MESSAGES.username;

/**
 * The username of the account form: while the administrator types, says (after a 300 ms pause) whether
 * the name is free, and offers the name the full name gives ("Nguyễn Văn An" → annv, annv2…) for a
 * new account. The name's rule is the form's (rules/username); the server checks it again on save.
 */
export function UsernameInput({
  id,
  value,
  onChange,
  current,
  ref,
}: {
  ref?: Ref<InputRef>;
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  /** The edited account's own name (never "taken" by itself); null for a new account. */
  current: string | null;
}) {
  const form = Form.useFormInstance();
  const fullName = (Form.useWatch('name', form) as string | undefined) ?? '';
  const typed = (value ?? '').trim().toLowerCase();
  const asked = useDebouncedValue({ username: typed, fullName: current === null ? fullName.trim() : '' });
  const checkName = asked.username !== '' && asked.username !== current && usernameProblem(asked.username) === null;
  const query = { ...(checkName ? { username: asked.username } : {}), ...(asked.fullName ? { fullName: asked.fullName } : {}) };
  const res = useQuery({
    queryKey: ['usernames', query],
    queryFn: () => call(adminEndpoints.usernames, { query }),
    enabled: Object.keys(query).length > 0,
    staleTime: 0,
  });
  const data = res.data?.data;
  const settled = asked.username === typed;
  const status =
    !checkName || !settled ? null : res.isFetching || data?.username !== typed ? (
      <Typography.Text type="secondary">
        <LoadingOutlined /> {M.checking}
      </Typography.Text>
    ) : data.available ? (
      <Typography.Text type="success">
        <CheckCircleFilled /> {M.free}
      </Typography.Text>
    ) : (
      <Typography.Text type="danger">
        <CloseCircleFilled /> {M.taken}
      </Typography.Text>
    );
  const proposal = current === null && data?.proposal && data.proposal !== typed ? data.proposal : null;
  return (
    <>
      <Input ref={ref} id={id} value={value} onChange={(e) => onChange?.(e.target.value)} maxLength={USERNAME_MAX} autoComplete="off" spellCheck={false} />
      <Flex gap={12} wrap align="center" style={{ minHeight: 22, marginTop: 4, fontSize: 13 }} aria-live="polite" data-testid="username-status">
        {status}
        {proposal && (
          <span>
            <Typography.Text type="secondary">{M.proposal}</Typography.Text>{' '}
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              aria-label={fmt(M.useProposal, { name: proposal })}
              onClick={() => {
                onChange?.(proposal);
                void form.validateFields(['username']);
              }}
            >
              {proposal}
            </Button>
          </span>
        )}
      </Flex>
    </>
  );
}
