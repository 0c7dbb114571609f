/** Props of the rich-text editor; a type-only file so the lazy wrapper does not import the editor. */
export interface RichTextEditorProps {
  /** The HTML (controlled). '' or undefined is an empty document. Form.Item sets it. */
  value?: string;
  /** Called with the editor's HTML, or '' when the document is empty. Form.Item sets it. */
  onChange?: (html: string) => void;
  /** Set by Form.Item from its name: the editable area gets it, so the label focuses the editor. */
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  /** The image button is shown only to callers who may upload (the server refuses others anyway). */
  allowImages?: boolean;
  /** Height of the editable area in pixels (default 220). */
  minHeight?: number;
  'aria-label'?: string;
}
