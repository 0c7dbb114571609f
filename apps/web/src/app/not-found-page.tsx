import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { T } from './messages';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={T.notFound.title}
      subTitle={T.notFound.description}
      extra={
        <Link to="/admin">
          <Button type="primary">{T.notFound.backHome}</Button>
        </Link>
      }
    />
  );
}
