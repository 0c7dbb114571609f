import type { ReactElement } from 'react';
import { Empty, Typography } from 'antd';
import { ResponsiveContainer } from 'recharts';

/** The charts' height on the report, feedback and medicine screens. */
export const CHART_HEIGHT = 240;

/**
 * One chart as a figure named by its title (its numbers are also in a table beside it), or the screen's own "nothing in
 * the period" when it has no data. Only chart files import this, so Recharts stays in the lazy chunks of their screens
 * and out of the first admin load (apps/web/scripts/bundle-budget.mjs).
 */
export function ChartFigure({
  title,
  empty,
  emptyText,
  testId,
  children,
}: {
  title: string;
  empty: boolean;
  emptyText: string;
  testId: string;
  children: ReactElement;
}) {
  return (
    <figure data-testid={testId} aria-label={title} style={{ margin: 0, minWidth: 0 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ height: CHART_HEIGHT }} />
      ) : (
        <div style={{ width: '100%', height: CHART_HEIGHT }}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
