import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES, isContentImageSrc, isSafeLinkHref } from '@portal/shared/contracts/content.contract';
import { fmt } from '@portal/shared/messages.vi';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Form, Input, Modal, Select, Tooltip } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '../api/api-error';
import { notify } from '../notify';
import { uploadContentImage } from './content-images.api';
import { altFromFileName, checkImageFile, formValue, parseLinkInput, toolbarState, type BlockKind } from './rich-text.logic';
import { TR } from './rich-text.messages';
import type { RichTextEditorProps } from './rich-text.types';
import './rich-text.css';

/**
 * An image node that only accepts the portal's own content images: pasted remote images, tracking
 * pixels and data: URLs are not even loaded into the editor (the server would drop them anyway).
 */
const ContentImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (el) => (isContentImageSrc((el as HTMLElement).getAttribute('src')) ? null : false) }];
  },
}).configure({ allowBase64: false });

const MAX_MB = CONTENT_IMAGE_MAX_BYTES / 1024 / 1024;
const BLOCKS: { value: BlockKind; label: string }[] = [
  { value: 'paragraph', label: TR.paragraph },
  { value: 'h2', label: fmt(TR.heading, { level: 2 }) },
  { value: 'h3', label: fmt(TR.heading, { level: 3 }) },
  { value: 'h4', label: fmt(TR.heading, { level: 4 }) },
];

function ToolButton(props: { title: string; icon: ReactNode; on?: boolean; disabled?: boolean; loading?: boolean; onClick: () => void }) {
  return (
    <Tooltip title={props.title} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        icon={props.icon}
        aria-label={props.title}
        aria-pressed={props.on === undefined ? undefined : props.on}
        className={props.on ? 'rte-on' : undefined}
        disabled={props.disabled}
        loading={props.loading}
        // keep the editor's selection: the click must not move focus out before the command runs
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** The admin screens' rich-text editor (TipTap). Controlled: `value` / `onChange` HTML; works inside Form.Item. */
export default function RichTextEditor({
  value,
  onChange,
  id,
  placeholder,
  disabled = false,
  allowImages = true,
  minHeight = 220,
  ...rest
}: RichTextEditorProps) {
  const { status } = Form.Item.useStatus();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // the last HTML this editor reported: a `value` equal to it is our own echo, not a new document
  const emitted = useRef(value ?? '');
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => isSafeLinkHref(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
      ContentImage,
      Placeholder.configure({ placeholder: placeholder ?? TR.placeholder }),
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': rest['aria-label'] ?? TR.editorLabel,
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = formValue(e.getHTML(), e.isEmpty);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // a new value from outside (the form loaded a record, or was reset): load it without echoing it back
  useEffect(() => {
    if (!editor) return;
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({ editor, selector: ({ editor: e }) => toolbarState(e as Editor | null) });
  const off = !state.editable;
  const chain = () => editor!.chain().focus();

  const openLink = () => {
    if (!editor || off) return;
    setLinkText((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkError(null);
    setLinkOpen(true);
  };

  const saveLink = () => {
    if (!editor) return;
    const parsed = parseLinkInput(linkText);
    if (parsed.kind === 'invalid') {
      setLinkError(parsed.message);
      return;
    }
    if (parsed.kind === 'remove') chain().extendMarkRange('link').unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      // nothing selected: insert the address itself as the link's text
      chain()
        .insertContent({ type: 'text', text: parsed.href.replace(/^(mailto|tel):/, ''), marks: [{ type: 'link', attrs: { href: parsed.href } }] })
        .run();
    } else chain().extendMarkRange('link').setLink({ href: parsed.href }).run();
    setLinkOpen(false);
  };

  const pickImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    const problem = checkImageFile(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    setUploading(true);
    try {
      const image = await uploadContentImage(file);
      chain()
        .setImage({ src: image.url, alt: altFromFileName(file.name) })
        .run();
    } catch (e) {
      notify.error(errorMessage(e, TR.imageUploadFailed));
    } finally {
      setUploading(false);
    }
  };

  const setBlock = (b: BlockKind) => {
    if (b === 'paragraph') chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(b.slice(1)) as 2 | 3 | 4 })
        .run();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      openLink();
    }
  };

  const classes = ['rte', status === 'error' ? 'rte-error' : '', disabled ? 'rte-disabled' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} onKeyDown={onKeyDown}>
      <div className="rte-toolbar" role="toolbar" aria-label={TR.toolbar}>
        <ToolButton title={TR.undo} icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
        <ToolButton title={TR.redo} icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
        <span className="rte-sep" />
        <Tooltip title={TR.headingMenu} mouseEnterDelay={0.4}>
          <Select<BlockKind>
            size="small"
            variant="borderless"
            aria-label={TR.headingMenu}
            style={{ width: 112 }}
            value={state.block}
            options={BLOCKS}
            disabled={off}
            onChange={setBlock}
          />
        </Tooltip>
        <span className="rte-sep" />
        <ToolButton title={TR.bold} icon={<BoldOutlined />} on={state.bold} disabled={off} onClick={() => chain().toggleBold().run()} />
        <ToolButton title={TR.italic} icon={<ItalicOutlined />} on={state.italic} disabled={off} onClick={() => chain().toggleItalic().run()} />
        <ToolButton title={TR.underline} icon={<UnderlineOutlined />} on={state.underline} disabled={off} onClick={() => chain().toggleUnderline().run()} />
        <ToolButton title={TR.strike} icon={<StrikethroughOutlined />} on={state.strike} disabled={off} onClick={() => chain().toggleStrike().run()} />
        <span className="rte-sep" />
        <ToolButton
          title={TR.bulletList}
          icon={<UnorderedListOutlined />}
          on={state.bulletList}
          disabled={off}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          title={TR.orderedList}
          icon={<OrderedListOutlined />}
          on={state.orderedList}
          disabled={off}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          title={TR.blockquote}
          icon={<span className="rte-quote">“</span>}
          on={state.blockquote}
          disabled={off}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <span className="rte-sep" />
        <ToolButton title={TR.link} icon={<LinkOutlined />} on={state.link} disabled={off} onClick={openLink} />
        <ToolButton
          title={TR.unlink}
          icon={<DisconnectOutlined />}
          disabled={off || !state.link}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
        {allowImages && (
          <>
            <ToolButton
              title={uploading ? TR.uploading : fmt(TR.image, { max: MAX_MB })}
              icon={<PictureOutlined />}
              disabled={off}
              loading={uploading}
              onClick={() => fileInput.current?.click()}
            />
            <input
              ref={fileInput}
              type="file"
              accept={CONTENT_IMAGE_TYPES.join(',')}
              aria-hidden
              tabIndex={-1}
              style={{ display: 'none' }}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = ''; // the same file can be chosen again
                void pickImage(file);
              }}
            />
          </>
        )}
      </div>
      <EditorContent editor={editor} className="rte-content" />
      <Modal
        title={TR.linkTitle}
        open={linkOpen}
        okText={TR.linkSave}
        cancelText={TR.linkCancel}
        onOk={saveLink}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
        afterOpenChange={(open) => {
          if (!open) editor?.commands.focus();
        }}
      >
        <Form layout="vertical" component="div">
          <Form.Item label={TR.linkUrl} validateStatus={linkError ? 'error' : undefined} help={linkError ?? TR.linkHint}>
            <Input
              autoFocus
              value={linkText}
              placeholder={TR.linkUrlPlaceholder}
              aria-label={TR.linkUrl}
              onChange={(e) => {
                setLinkText(e.target.value);
                setLinkError(null);
              }}
              onPressEnter={saveLink}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
