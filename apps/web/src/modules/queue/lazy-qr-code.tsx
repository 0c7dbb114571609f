import { lazy, Suspense } from 'react';

const QrCode = lazy(() => import('./qr-code'));

/** The QR code, its encoder loaded when first shown; a blank square of its size meanwhile. */
export function LazyQrCode({ value, size, title }: { value: string; size: number; title: string }) {
  return (
    <Suspense fallback={<div style={{ width: size, height: size }} />}>
      <QrCode value={value} size={size} title={title} />
    </Suspense>
  );
}
