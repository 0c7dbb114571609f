import { Button, Flex, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { TAC } from './app-config.messages';

/** Move a row one place up or down (the first cannot go up, the last down). */
export function OrderButtons({
  first,
  last,
  busy,
  onMove,
  name,
}: {
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  name: string;
}) {
  return (
    <Flex gap={2}>
      <Tooltip title={TAC.up}>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`${TAC.up}: ${name}`} disabled={first || busy} onClick={() => onMove(-1)} />
      </Tooltip>
      <Tooltip title={TAC.down}>
        <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`${TAC.down}: ${name}`} disabled={last || busy} onClick={() => onMove(1)} />
      </Tooltip>
    </Flex>
  );
}
