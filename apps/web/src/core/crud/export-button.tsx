import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { CORE_T as T } from '../messages';
import { reportError } from './resource-api';

/** "Xuất Excel": runs the download, spins meanwhile, and reports a failure in Vietnamese. */
export function ExportButton({ run }: { run: () => Promise<void> }) {
  const [exporting, setExporting] = useState(false);
  const onClick = async () => {
    setExporting(true);
    try {
      await run();
    } catch (e) {
      reportError(e, T.crud.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onClick()}>
      {T.crud.export}
    </Button>
  );
}
