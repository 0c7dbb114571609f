import type { ReactNode } from 'react';
import { Flex, Space, Typography } from 'antd';

/** A screen's title with its main actions on the right (they wrap under it on a narrow window). */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children && <Space wrap>{children}</Space>}
    </Flex>
  );
}
