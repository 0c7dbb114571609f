import { useEffect, useRef, useState } from 'react';
import { isCompleteQr } from './kiosk-input';
import { T } from './messages';

/**
 * The field a USB or Bluetooth barcode scanner types into (it types the QR's text, then Enter or Tab).
 * It keeps the focus: after any tap elsewhere it takes it back. inputMode none: a tablet shows no keyboard for it.
 * `hidden`: still listening (behind a ticket or an error), but not shown.
 */
export function ScanBox({ onScan, hidden = false }: { onScan: (text: string) => void; hidden?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    const el = input.current!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refocus = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const active = document.activeElement;
        // a button keeps the focus it just got only until its click is done; a text field keeps it
        if (active instanceof HTMLInputElement && active !== el) return;
        el.focus({ preventScroll: true });
      }, 150);
    };
    el.focus({ preventScroll: true });
    el.addEventListener('blur', refocus);
    window.addEventListener('focus', refocus);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('blur', refocus);
      window.removeEventListener('focus', refocus);
    };
  }, []);

  const send = (value: string) => {
    setText('');
    if (value.trim() !== '') onScan(value);
  };

  return (
    <label className={hidden ? 'ks-scan ks-visually-hidden' : 'ks-scan'}>
      <span className="ks-visually-hidden">{T.scanField}</span>
      <input
        ref={input}
        className="ks-scan-input"
        data-testid="scan-input"
        value={text}
        inputMode="none"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={T.scanWaiting}
        onChange={(e) => {
          const value = e.target.value;
          if (isCompleteQr(value)) send(value);
          else setText(value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            send(text);
          }
        }}
      />
    </label>
  );
}
