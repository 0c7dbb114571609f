import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { TR } from './rich-text.messages';
import type { RichTextEditorProps } from './rich-text.types';

// The editor (TipTap + ProseMirror) is its own chunk: only a screen that renders this wrapper loads it.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich-text editor, loaded on first render; a skeleton of its size shows meanwhile. Use inside Form.Item. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label={TR.loadingEditor} style={{ minHeight: (props.minHeight ?? 220) + 42 }}>
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
