import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { pageRule, type PrintPage, printCss, pxToMm } from './print.logic';

export type { PrintPage };

interface Job {
  node: ReactNode;
  page: PrintPage;
  nonce: number;
  /** The receipt's length once measured; the print dialog opens then. */
  heightMm?: number;
  ready: boolean;
}

/**
 * Prints a sheet through the browser's own print (window.print): `print(node, page)` puts the sheet under
 * body, measures a receipt's length, and opens the print dialog; the sheet goes away once the browser says
 * it printed (afterprint). Render the returned `sheet` anywhere (it is portalled to body).
 */
export function usePrintSheet(): { sheet: ReactNode; print: (node: ReactNode, page: PrintPage) => void } {
  const [job, setJob] = useState<Job | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const print = useCallback((node: ReactNode, page: PrintPage) => setJob((j) => ({ node, page, nonce: (j?.nonce ?? 0) + 1, ready: false })), []);
  const nonce = job?.nonce;
  const ready = job?.ready;

  // laid out (and its QR code drawn) one frame after it is put in: measure, then print
  useEffect(() => {
    if (nonce === undefined) return;
    const frame = window.requestAnimationFrame(() => {
      const height = ref.current?.getBoundingClientRect().height ?? 0;
      setJob((j) => (j?.nonce === nonce ? { ...j, heightMm: j.page === 'receipt' && height > 0 ? pxToMm(height) : undefined, ready: true } : j));
    });
    return () => window.cancelAnimationFrame(frame);
  }, [nonce]);

  useEffect(() => {
    if (nonce === undefined || !ready) return;
    const done = () => setJob((j) => (j?.nonce === nonce ? null : j));
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [nonce, ready]);

  const sheet = job
    ? createPortal(
        <div className="queue-print" data-testid="print-sheet" ref={ref}>
          <style>{printCss(pageRule(job.page, job.heightMm))}</style>
          {job.node}
        </div>,
        document.body,
      )
    : null;
  return { sheet, print };
}
