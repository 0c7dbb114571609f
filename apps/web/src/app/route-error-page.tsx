import { Button, Flex } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '@portal/shared/messages.vi';
import { T } from './messages';

/**
 * A route that threw (most often: a chunk failed to load after a new deployment). Kept free of
 * antd's Result (its illustrations weigh ~10 KB gzipped) because it sits in the entry chunk.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: '60vh', padding: 24 }}>
      <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>{notFound ? T.notFound.title : MSG.genericError}</h1>
      {notFound ? (
        <Link to="/admin">{T.notFound.backHome}</Link>
      ) : (
        <Button type="primary" onClick={() => window.location.reload()}>
          {T.error.retry}
        </Button>
      )}
    </Flex>
  );
}
