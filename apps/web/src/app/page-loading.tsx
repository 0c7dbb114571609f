import { Flex, Spin } from 'antd';
import { MSG } from '@portal/shared/messages.vi';

/** The loading indicator of spec §2: "Đang tải". */
export function PageLoading({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin size="large" description={MSG.loading}>
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </Flex>
  );
}
