import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';

/**
 * A screen whose authority the user lacks (spec §6, §8): the title of the generic list's 403
 * and the 403 toast's words, shown in place of the screen, so nothing of it renders and the URL
 * stays for the administrator.
 */
export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title={T.crud.forbiddenTitle}
      subTitle={`${MSG.forbidden}. ${T.forbidden.description}`}
      data-testid="forbidden-page"
      extra={
        <Link to="/admin">
          <Button type="primary">{T.notFound.backHome}</Button>
        </Link>
      }
    />
  );
}
