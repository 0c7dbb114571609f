/**
 * antd's tables with fixed columns render an invisible "measure row" (`aria-hidden`) holding a copy of
 * every column title to measure widths; with row selection that copy is a real, focusable "select all"
 * checkbox, so Tab could land on a control nobody sees and screen readers skip (axe: aria-hidden-focus).
 * Marking those rows `inert` takes them out of the tab order and the accessibility tree; the observer
 * keeps it so for tables rendered later. One observer for the whole app (started in main.tsx).
 */
export const MEASURE_ROW = 'tr.ant-table-measure-row';

export function inertMeasureRows(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>(`${MEASURE_ROW}:not([inert])`)) row.inert = true;
}

export function keepMeasureRowsInert(root: HTMLElement = document.body): () => void {
  inertMeasureRows(root);
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      inertMeasureRows(root);
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
