import { useEffect } from 'react';
import { QUEUE_MESSAGES } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate } from '@portal/shared/rules/format';
import { CameraScan, useQrCameraSupport } from './camera-scan';
import { CodeForm } from './code-form';
import { parseScan } from './kiosk-input';
import { T } from './messages';
import { PrintTicket } from './print-ticket';
import { ScanBox } from './scan-box';
import { TicketView } from './ticket-view';
import { useIdleCountdown } from './use-idle';
import { useKiosk } from './use-kiosk';

/** A full-screen message instead of the kiosk (no link, a revoked link). */
export function KioskMessage({ text, testId }: { text: string; testId: string }) {
  return (
    <main className="ks-message" data-testid={testId}>
      <p>{text}</p>
    </main>
  );
}

/** Goes back to the start after `seconds` without a touch (a half-typed phone number is not left for the next patient). */
function IdleReturn({ seconds, onIdle }: { seconds: number; onIdle: () => void }) {
  useIdleCountdown(seconds, onIdle);
  return null;
}

export function KioskPage({ token }: { token: string }) {
  const k = useKiosk(token);
  const camera = useQrCameraSupport();
  useEffect(() => {
    document.title = k.info ? `${k.info.facility.name} – ${T.title}` : T.title;
  }, [k.info?.facility.name]);

  if (k.invalid) return <KioskMessage text={QUEUE_MESSAGES.screenInvalid} testId="screen-invalid" />;

  const scan = (text: string) => {
    const s = parseScan(text);
    if (s.kind === 'qr') {
      k.setForm({ digits: '', phone: '' });
      void k.checkin({ qr: s.qr }, 'start');
    } else if (s.kind === 'code') {
      k.setForm({ digits: s.code.slice(2), phone: '' });
      k.setView({ name: 'form' });
    } else k.setView({ name: 'error', message: QUEUE_MESSAGES.kioskQrInvalid, from: 'start' });
  };
  const { view } = k;

  return (
    <div className="ks-app">
      <div className="ks-page" data-view={view.name}>
        <header className="ks-header">
          <div className="ks-brand">
            <h1 className="ks-facility">{k.info?.facility.name ?? T.title}</h1>
            <div className="ks-sub">{k.info ? `${T.title} · ${fmt(T.today, { date: formatDate(k.info.date) })}` : T.loading}</div>
          </div>
          {k.info?.facility.hotline && <div className="ks-hotline">{fmt(T.hotline, { phone: k.info.facility.hotline })}</div>}
        </header>
        {k.infoFailed && !k.info && (
          <p className="ks-banner" role="alert">
            {T.networkError}
          </p>
        )}
        <main className="ks-main">
          {view.name === 'start' && (
            <div className="ks-start">
              <h2 className="ks-welcome">{T.welcome}</h2>
              <section className="ks-card ks-card-scan">
                <QrIcon />
                <h3>{T.scanTitle}</h3>
                <p className="ks-hint">{T.scanHint}</p>
                <ScanBox onScan={scan} />
                {camera && (
                  <button type="button" className="ks-button ks-button-quiet" data-testid="camera-button" onClick={() => k.setView({ name: 'camera' })}>
                    {T.camera}
                  </button>
                )}
              </section>
              <section className="ks-card">
                <KeypadIcon />
                <h3>{T.typeTitle}</h3>
                <p className="ks-hint">{T.typeHint}</p>
                <button type="button" className="ks-button ks-button-primary" data-testid="type-code" onClick={() => k.setView({ name: 'form' })}>
                  {T.typeTitle}
                </button>
              </section>
            </div>
          )}
          {view.name === 'form' && (
            <>
              <IdleReturn seconds={60} onIdle={k.reset} />
              <CodeForm
                digits={k.form.digits}
                phone={k.form.phone}
                onChange={k.setForm}
                onSubmit={(body) => void k.checkin(body, 'form')}
                onScan={scan}
                onBack={k.reset}
              />
            </>
          )}
          {view.name === 'camera' && <CameraScan onResult={scan} onBack={() => k.setView({ name: 'start' })} />}
          {view.name === 'sending' && (
            <p className="ks-sending" role="status">
              {T.sending}
            </p>
          )}
          {view.name === 'ticket' && (
            <>
              <TicketView ticket={view.ticket} message={view.message} onDone={k.reset} />
              <ScanBox onScan={scan} hidden />
            </>
          )}
          {view.name === 'error' && (
            <div className="ks-error" data-testid="checkin-error">
              <IdleReturn seconds={30} onIdle={k.reset} />
              <p className="ks-error-text" role="alert">
                {view.message}
              </p>
              <div className="ks-actions">
                <button type="button" className="ks-button ks-button-primary" data-testid="retry" onClick={() => k.setView({ name: view.from })}>
                  {T.retry}
                </button>
              </div>
              <ScanBox onScan={scan} hidden />
            </div>
          )}
        </main>
        <footer className="ks-footer">{T.help}</footer>
      </div>
      {view.name === 'ticket' && <PrintTicket ticket={view.ticket} facility={k.info?.facility.name ?? ''} />}
    </div>
  );
}

function QrIcon() {
  return (
    <svg className="ks-icon" viewBox="0 0 48 48" aria-hidden="true">
      <path d="M6 6h14v14H6zM10 10v6h6v-6zM28 6h14v14H28zM32 10v6h6v-6zM6 28h14v14H6zM10 32v6h6v-6z" fill="currentColor" fillRule="evenodd" />
      <path d="M28 28h5v5h-5zM37 28h5v5h-5zM32.5 32.5h5v5h-5zM28 37h5v5h-5zM37 37h5v5h-5z" fill="currentColor" />
    </svg>
  );
}

function KeypadIcon() {
  return (
    <svg className="ks-icon" viewBox="0 0 48 48" aria-hidden="true">
      {[8, 20, 32].flatMap((y) => [8, 20, 32].map((x) => <rect key={`${x}-${y}`} x={x} y={y} width="8" height="8" rx="2" fill="currentColor" />))}
      <rect x="20" y="42" width="8" height="4" rx="1" fill="currentColor" />
    </svg>
  );
}
