import type { MouseEvent } from 'react';
import { T } from './messages';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** An on-screen number pad (a kiosk PC has no keyboard, a tablet's would cover the form). */
export function Keypad({ onDigit, onDelete, onNext }: { onDigit: (d: string) => void; onDelete: () => void; onNext: () => void }) {
  // pointerdown would type twice with a click; onClick with preventDefault on mousedown keeps the field's focus
  const keep = (e: MouseEvent) => e.preventDefault();
  return (
    <div className="ks-keypad" data-testid="keypad">
      {KEYS.map((k) => (
        <button key={k} type="button" className="ks-key" onMouseDown={keep} onClick={() => onDigit(k)}>
          {k}
        </button>
      ))}
      <button type="button" className="ks-key ks-key-side" onMouseDown={keep} onClick={onDelete} aria-label={T.deleteLabel}>
        {T.keyDelete}
      </button>
      <button type="button" className="ks-key" onMouseDown={keep} onClick={() => onDigit('0')}>
        0
      </button>
      <button type="button" className="ks-key ks-key-side" onMouseDown={keep} onClick={onNext}>
        {T.keyNext}
      </button>
    </div>
  );
}
