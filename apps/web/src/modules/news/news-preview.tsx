import { Drawer, Flex, Image, Tag, Typography } from 'antd';
import type { NewsDetailDto } from '@portal/shared/contracts/news.contract';
import { formatDateTime } from '@portal/shared/rules/format';
import { TN } from './news.messages';
import './news-preview.css';

/** A phone's width: the article as the patient app shows it. */
const PHONE_WIDTH = 375;

/**
 * The saved article as a patient sees it, in a phone-wide frame: cover, title, date, summary and the body's HTML as the
 * server sanitised and stored it (never the editor's unsaved HTML).
 */
export function NewsPreview({ article, onClose }: { article: NewsDetailDto | null; onClose: () => void }) {
  return (
    <Drawer open={article !== null} onClose={onClose} title={TN.preview.title} size={PHONE_WIDTH + 96} destroyOnHidden>
      {article && (
        <div
          data-testid="news-preview"
          style={{
            width: PHONE_WIDTH,
            maxWidth: '100%',
            margin: '0 auto',
            border: '1px solid #e5e5e5',
            borderRadius: 24,
            padding: 16,
            overflowWrap: 'anywhere',
          }}
        >
          <Flex vertical gap={8}>
            {article.coverUrl && <Image src={article.coverUrl} alt="" preview={false} style={{ width: '100%', borderRadius: 12 }} />}
            <Typography.Title level={4} style={{ margin: 0 }}>
              {article.title}
            </Typography.Title>
            <Flex gap={4} wrap>
              {article.categories.map((c) => (
                <Tag key={c.id}>{c.name}</Tag>
              ))}
              <Typography.Text type="secondary">{formatDateTime(article.publishAt ?? article.updatedAt)}</Typography.Text>
            </Flex>
            {article.summary && <Typography.Paragraph strong>{article.summary}</Typography.Paragraph>}
            <div
              className="news-preview-body"
              style={{ fontSize: 15, lineHeight: 1.6 }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML (core/content/sanitize.ts allow-list), as stored and served to patients
              dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
            />
          </Flex>
        </div>
      )}
    </Drawer>
  );
}
