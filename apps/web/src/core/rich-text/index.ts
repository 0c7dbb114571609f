/**
 * The rich-text building block of the admin screens. Import only from here: the wrapper is tiny and
 * loads the editor chunk when it first renders, so list screens never pay for it.
 *
 *   <Form.Item name="content" label="Nội dung" rules={[{ required: true }]}>
 *     <LazyRichTextEditor allowImages />
 *   </Form.Item>
 *
 * The server sanitises what it receives (apps/server/src/core/content); images go through
 * POST /api/content/v1/images.
 */
export { LazyRichTextEditor } from './LazyRichTextEditor';
export type { RichTextEditorProps } from './rich-text.types';
