import { useEffect, useRef, useState } from 'react';
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
          <label className={`ks-field${active === 'code' ? ' is-active' : ''}`}>
            <span className="ks-field-label">{T.codeField}</span>
            <span className="ks-field-box">
              <span className="ks-prefix" aria-hidden="true">
                DK
              </span>
              <input
                ref={codeInput}
                name="code"
                data-testid="code-input"
                value={digits}
                inputMode="none"
                autoComplete="off"
                aria-invalid={error === 'code'}
                aria-describedby={error === 'code' ? 'ks-code-error' : undefined}
                onFocus={() => setActive('code')}
                onChange={(e) => set('code', e.target.value)}
              />
            </span>
            {error === 'code' && (
              <span className="ks-field-error" id="ks-code-error" role="alert">
                {T.codeRequired}
              </span>
            )}
          </label>
          <label className={`ks-field${active === 'phone' ? ' is-active' : ''}`}>
            <span className="ks-field-label">{T.phoneField}</span>
            <span className="ks-field-box">
              <input
                ref={phoneInput}
                name="phone"
                type="tel"
                data-testid="phone-input"
                value={phone}
                inputMode="none"
                autoComplete="off"
                aria-invalid={error === 'phone'}
                aria-describedby={error === 'phone' ? 'ks-phone-error' : undefined}
                onFocus={() => setActive('phone')}
                onChange={(e) => set('phone', e.target.value)}
              />
            </span>
            {error === 'phone' && (
              <span className="ks-field-error" id="ks-phone-error" role="alert">
                {T.phoneRequired}
              </span>
            )}
          </label>
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
