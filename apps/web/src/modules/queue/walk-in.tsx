import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { TW } from './walk-in.messages';

const WalkInDialog = lazy(() => import('./walk-in-dialog').then((m) => ({ default: m.WalkInDialog })));

/**
 * "Khám không hẹn" on the booking list's toolbar: a patient who walks in without a booking gets a number
 * in a room with a doctor today. The dialog's code loads at the first click.
 */
export function WalkInButton({ onDone }: { onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        icon={<UserAddOutlined />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        data-testid="walk-in-open"
      >
        {TW.button}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <WalkInDialog open={open} onClose={() => setOpen(false)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
