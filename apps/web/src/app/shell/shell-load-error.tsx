import { Button, Result } from 'antd';
import { T } from '../messages';

/** The session (GET /user/me) could not be loaded: the shell's error view with a retry. */
export function ShellLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={T.error.title}
      extra={
        <Button type="primary" onClick={onRetry}>
          {T.error.retry}
        </Button>
      }
    />
  );
}
