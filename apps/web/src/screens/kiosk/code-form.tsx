import { type RefObject, useEffect, useRef, useState } from 'react';
import { addKey, codeDigits, NO_BURST, phoneDigits, qrTypedAtEnd, typedCheckin } from './kiosk-input';
import { Keypad } from './keypad';
import { T } from './messages';

type Field = 'code' | 'phone';

interface Props {
  digits: string;
  phone: string;
  onChange: (form: { digits: string; phone: string }) => void;
  onSubmit: (body: { code: string; phone: string }) => void;
  /** A QR scanned while the form is open (the scanner typed it into a field). */
  onScan: (text: string) => void;
  onBack: () => void;
}

/** The booking code (after a fixed "DK") and the phone number, typed on the keypad or a keyboard. */
export function CodeForm({ digits, phone, onChange, onSubmit, onScan, onBack }: Props) {
  const [active, setActive] = useState<Field>(digits === '' || phone !== '' ? 'code' : 'phone');
  const [error, setError] = useState<Field | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const burst = useRef(NO_BURST);

  useEffect(() => {
    (active === 'code' ? codeInput : phoneInput).current?.focus({ preventScroll: true });
  }, [active]);

  const set = (field: Field, value: string) => {
    setError(null);
    onChange(field === 'code' ? { digits: codeDigits(value), phone } : { digits, phone: phoneDigits(value) });
  };
  const submit = () => {
    const checked = typedCheckin(digits, phone);
    if ('error' in checked) {
      setError(checked.error);
      setActive(checked.error);
    } else onSubmit(checked.body);
  };
  const value = active === 'code' ? digits : phone;

  return (
    <form
      className="ks-form"
      data-testid="code-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        // a barcode scanner used on this screen types the whole QR into a field
        burst.current = addKey(burst.current, e.key, e.timeStamp);
        const qr = qrTypedAtEnd(burst.current);
        if (qr) {
          e.preventDefault();
          burst.current = NO_BURST;
          onScan(qr);
        }
      }}
    >
      <h2 className="ks-title">{T.typeTitle}</h2>
      <p className="ks-hint">{T.typeHint}</p>
      <div className="ks-form-body">
        <div className="ks-fields">
          <KioskField
            field="code"
            label={T.codeField}
            prefix="DK"
            value={digits}
            inputRef={codeInput}
            active={active === 'code'}
            error={error === 'code' ? T.codeRequired : null}
            onFocus={() => setActive('code')}
            onChange={(v) => set('code', v)}
          />
          <KioskField
            field="phone"
            label={T.phoneField}
            type="tel"
            value={phone}
            inputRef={phoneInput}
            active={active === 'phone'}
            error={error === 'phone' ? T.phoneRequired : null}
            onFocus={() => setActive('phone')}
            onChange={(v) => set('phone', v)}
          />
        </div>
        <Keypad
          onDigit={(d) => set(active, value + d)}
          onDelete={() => set(active, value.slice(0, -1))}
          onNext={() => (active === 'code' ? setActive('phone') : submit())}
        />
      </div>
      <div className="ks-actions">
        <button type="button" className="ks-button ks-button-quiet" onClick={onBack}>
          {T.back}
        </button>
        <button type="submit" className="ks-button ks-button-primary" data-testid="checkin-submit">
          {T.submit}
        </button>
      </div>
    </form>
  );
}

/** One field of the form: typed on the keypad (no on-screen keyboard), its error said when the form is sent. */
function KioskField(p: {
  field: Field;
  label: string;
  prefix?: string;
  type?: 'tel';
  value: string;
  inputRef: RefObject<HTMLInputElement | null>;
  active: boolean;
  error: string | null;
  onFocus: () => void;
  onChange: (value: string) => void;
}) {
  const errorId = `ks-${p.field}-error`;
  return (
    <label className={`ks-field${p.active ? ' is-active' : ''}`}>
      <span className="ks-field-label">{p.label}</span>
      <span className="ks-field-box">
        {p.prefix && (
          <span className="ks-prefix" aria-hidden="true">
            {p.prefix}
          </span>
        )}
        <input
          ref={p.inputRef}
          name={p.field}
          type={p.type}
          data-testid={`${p.field}-input`}
          value={p.value}
          inputMode="none"
          autoComplete="off"
          aria-invalid={p.error !== null}
          aria-describedby={p.error !== null ? errorId : undefined}
          onFocus={p.onFocus}
          onChange={(e) => p.onChange(e.target.value)}
        />
      </span>
      {p.error !== null && (
        <span className="ks-field-error" id={errorId} role="alert">
          {p.error}
        </span>
      )}
    </label>
  );
}
