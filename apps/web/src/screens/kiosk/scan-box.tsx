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
    let lastPointer = Number.NEGATIVE_INFINITY;
    const refocus = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // a text field keeps the focus it was given
        if (document.activeElement instanceof HTMLInputElement) return;
        el.focus({ preventScroll: true });
      }, 150);
    };
    // A tap anywhere (a button takes the focus on its click) gives the focus back to the scanner's field;
    // Tab from a keyboard moves it on (the buttons stay reachable without a pointer).
    const onPointerDown = () => {
      lastPointer = Date.now();
    };
    const onBlur = (e: FocusEvent) => {
      if (e.relatedTarget === null || Date.now() - lastPointer < 1000) refocus();
    };
    el.focus({ preventScroll: true });
    el.addEventListener('blur', onBlur);
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('pointerup', refocus);
    window.addEventListener('focus', refocus);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('blur', onBlur);
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('pointerup', refocus);
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
          // Enter or Tab ends a scan (scanners are set up with one or the other); an empty Tab moves the focus on
          if (e.key === 'Enter' || (e.key === 'Tab' && text !== '')) {
            e.preventDefault();
            send(text);
          }
        }}
      />
    </label>
  );
}
