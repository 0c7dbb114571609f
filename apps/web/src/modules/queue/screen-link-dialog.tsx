import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import type { CreatedScreen } from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { notify } from '../../core/notify';
import { LazyQrCode } from './lazy-qr-code';
import { screenLink } from './queue.logic';
import { TQ } from './queue.messages';

const M = TQ.link;
const QR_SIZE = 196;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(M.copied);
  } catch {
    // no clipboard (plain http, refused): the link is selectable text, copied by hand
    notify.warning(M.copyFailed);
  }
}

/**
 * The link of a screen just created, shown once (only a hash of its token is kept): the link to copy, its QR
 * code to scan with the TV's or tablet's camera, "Mở màn hình" in a new tab, and the warning. It closes only
 * through its button, so a click beside it does not lose the link.
 */
export function ScreenLinkDialog({ created, onClose }: { created: CreatedScreen | null; onClose: () => void }) {
  const link = created ? screenLink(created.link, window.location.origin) : '';
  return (
    <Modal
      open={created !== null}
      title={created ? fmt(M.title, { name: created.name }) : ''}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose} data-testid="screen-link-close">
          {M.close}
        </Button>
      }
    >
      {created && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={M.warning} />
          <Flex gap={16} align="flex-start">
            <div style={{ flex: 'none', background: '#fff', lineHeight: 0 }} data-testid="screen-link-qr">
              <LazyQrCode value={link} size={QR_SIZE} title={M.qr} />
            </div>
            <Flex vertical gap={8} style={{ minWidth: 0 }}>
              <Typography.Text>{fmt(M.intro, { kind: M.deviceNames[created.kind] })}</Typography.Text>
              <Typography.Paragraph code data-testid="screen-link" style={{ margin: 0, wordBreak: 'break-all', userSelect: 'all' }}>
                {link}
              </Typography.Paragraph>
              <Flex gap={8} wrap>
                <Button icon={<CopyOutlined />} onClick={() => void copy(link)} data-testid="screen-link-copy">
                  {M.copy}
                </Button>
                <Button icon={<ExportOutlined />} href={link} target="_blank" rel="noopener noreferrer">
                  {M.open}
                </Button>
              </Flex>
            </Flex>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
