import { QRCodeSVG } from 'qrcode.react';

/**
 * A QR code drawn as SVG (sharp on paper at any size, nothing to download). Loaded on demand through
 * LazyQrCode: only the screens that show one pay for the encoder.
 */
export default function QrCode({ value, size, title }: { value: string; size: number; title: string }) {
  return <QRCodeSVG value={value} size={size} level="M" marginSize={2} title={title} role="img" aria-label={title} />;
}
