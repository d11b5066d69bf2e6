import {
  AtomicBlockUtils,
  CompositeDecorator,
  Editor,
  EditorState,
  Modifier,
  RichUtils,
  type ContentBlock,
  type ContentState,
  type DraftEditorCommand,
  type DraftHandleValue,
} from 'draft-js';
import 'draft-js/dist/Draft.css';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, dialogStyle } from '../ui/dialogWidth';
import { IMAGE_ACCEPT, isImageFileType, MAX_IMAGE_BYTES } from '../validation/rules';
import { contentToHtml, htmlToContent, IMAGE, isSafeLink, LINK, type ImageData, type LinkData } from './richText';
import './richText.css';

export interface RichTextEditorProps {
  /** The HTML shown; an outside change (a reset, a reload) replaces the editor's content. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The id of the element naming the editor (its label). */
  labelId: string;
  /** Ids of the error or hint under the field. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Stores a chosen image and answers its address (POST /api/sliderWysWygImages → link). */
  uploadImage: (file: File) => Promise<string>;
}

type Tool =
  | { kind: 'block'; key: string; value: string; label: string; text?: string; icon?: string }
  | { kind: 'style'; key: string; value: string; label: string; text: string }
  | { kind: 'link' | 'image'; key: string; label: string; icon: string };

/** The toolbar of the architecture's one rich-text editor: headings 1–3, inline styles, lists, link, image. */
const TOOLS: Tool[] = [
  { kind: 'block', key: 'h1', value: 'header-one', label: 'rich_text.heading_1', text: 'H1' },
  { kind: 'block', key: 'h2', value: 'header-two', label: 'rich_text.heading_2', text: 'H2' },
  { kind: 'block', key: 'h3', value: 'header-three', label: 'rich_text.heading_3', text: 'H3' },
  { kind: 'style', key: 'bold', value: 'BOLD', label: 'rich_text.bold', text: 'B' },
  { kind: 'style', key: 'italic', value: 'ITALIC', label: 'rich_text.italic', text: 'I' },
  { kind: 'style', key: 'underline', value: 'UNDERLINE', label: 'rich_text.underline', text: 'U' },
  { kind: 'block', key: 'ul', value: 'unordered-list-item', label: 'rich_text.bulleted_list', icon: 'pi pi-list' },
  { kind: 'block', key: 'ol', value: 'ordered-list-item', label: 'rich_text.numbered_list', text: '1.' },
  { kind: 'link', key: 'link', label: 'rich_text.link', icon: 'pi pi-link' },
  { kind: 'image', key: 'image', label: 'rich_text.image', icon: 'pi pi-image' },
];

function findLinks(block: ContentBlock, callback: (start: number, end: number) => void, content: ContentState) {
  block.findEntityRanges((character) => {
    const key = character.getEntity();
    return key !== null && content.getEntity(key).getType() === LINK;
  }, callback);
}

function LinkSpan({ contentState, entityKey, children }: { contentState: ContentState; entityKey: string; children?: ReactNode }) {
  const { url } = contentState.getEntity(entityKey).getData() as LinkData;
  return (
    <a href={url} title={url} className="rich-text__link" onClick={(e) => e.preventDefault()}>
      {children}
    </a>
  );
}

const decorator = new CompositeDecorator([{ strategy: findLinks, component: LinkSpan }]);

function ImageBlock({ block, contentState }: { block: ContentBlock; contentState: ContentState }) {
  const key = block.getEntityAt(0);
  if (!key) return null;
  const entity = contentState.getEntity(key);
  if (entity.getType() !== IMAGE) return null;
  const { src, alt } = entity.getData() as ImageData;
  return <img src={src} alt={alt ?? ''} className="rich-text__image" />;
}

function blockRenderer(block: ContentBlock) {
  return block.getType() === 'atomic' ? { component: ImageBlock, editable: false } : null;
}

/** The link at the start of the selection, if any. */
function linkAtSelection(state: EditorState): string | null {
  const selection = state.getSelection();
  const content = state.getCurrentContent();
  const block = content.getBlockForKey(selection.getStartKey());
  const offset = selection.isCollapsed() ? Math.max(0, selection.getStartOffset() - 1) : selection.getStartOffset();
  const key = block?.getEntityAt(offset);
  if (!key) return null;
  const entity = content.getEntity(key);
  return entity.getType() === LINK ? (entity.getData() as LinkData).url : null;
}

interface LinkDialogProps {
  visible: boolean;
  initial: string;
  /** The selection is inside a link: the dialog offers to remove it. */
  existing: boolean;
  onConfirm: (url: string) => void;
  onRemove: () => void;
  onHide: () => void;
}

/** The small prompt for a link's address: http, https or mailto only. */
function LinkDialog({ visible, initial, existing, onConfirm, onRemove, onHide }: LinkDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  if (visible !== open) {
    setOpen(visible);
    if (visible) {
      setUrl(initial);
      setError(null);
    }
  }
  const confirm = () => {
    if (!isSafeLink(url)) {
      setError(t('rich_text.link_invalid'));
      return;
    }
    onConfirm(url.trim());
  };
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header={t('rich_text.link_title')}
      modal
      draggable={false}
      resizable={false}
      style={dialogStyle(DIALOG_WIDTH.notice)}
      className="rich-text-link-dialog"
      footer={
        <div className="form-dialog__footer">
          {existing && (
            <Button type="button" label={t('rich_text.link_remove')} icon="pi pi-trash" severity="danger" text onClick={onRemove} />
          )}
          <Button type="button" label={t('dialog.cancel')} icon="pi pi-times" severity="secondary" text onClick={onHide} />
          <Button type="button" label={t('dialog.confirm')} icon="pi pi-check" onClick={confirm} />
        </div>
      }
    >
      <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
        <label htmlFor={id} className="form-field__label">
          {t('rich_text.link_url')}
        </label>
        <InputText
          id={id}
          value={url}
          autoFocus
          inputMode="url"
          placeholder="https://"
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              confirm();
            }
          }}
        />
        {error ? (
          <small id={`${id}-error`} className="form-field__error" role="alert">
            {error}
          </small>
        ) : (
          <small id={`${id}-hint`} className="form-field__hint">
            {t('rich_text.link_hint')}
          </small>
        )}
      </div>
    </Dialog>
  );
}

/**
 * The one rich-text editor (architecture §6): draft-js behind this component, HTML in and out.
 * The toolbar is one tab stop (arrow keys, Home and End move along it) and keeps the editor's
 * selection; an image is checked here (jpg, jpeg or png, at most 5 MB) before it is uploaded,
 * then inserted as its own block with the address the server answered.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid,
  disabled,
  uploadImage,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => EditorState.createWithContent(htmlToContent(value), decorator));
  const latest = useRef(state);
  latest.current = state;
  // The HTML this editor last handed out: a value equal to it is our own echo.
  const emitted = useRef(value);
  const editor = useRef<Editor>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [focusIndex, setFocusIndex] = useState(0);
  const toolButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [link, setLink] = useState<{ visible: boolean; initial: string; existing: boolean }>({
    visible: false,
    initial: '',
    existing: false,
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    const next = EditorState.createWithContent(htmlToContent(value), decorator);
    latest.current = next;
    setState(next);
  }, [value]);

  const change = (next: EditorState) => {
    const before = latest.current.getCurrentContent();
    latest.current = next;
    setState(next);
    if (next.getCurrentContent() === before) return;
    const html = contentToHtml(next.getCurrentContent());
    if (html === emitted.current) return;
    emitted.current = html;
    onChange(html);
  };

  const refocus = () => window.setTimeout(() => editor.current?.focus(), 0);

  const handleKeyCommand = (command: DraftEditorCommand, current: EditorState): DraftHandleValue => {
    const next = RichUtils.handleKeyCommand(current, command);
    if (!next) return 'not-handled';
    change(next);
    return 'handled';
  };

  /** Enter at the end of a heading starts a paragraph, not another heading. */
  const handleReturn = (_e: unknown, current: EditorState): DraftHandleValue => {
    const selection = current.getSelection();
    const block = current.getCurrentContent().getBlockForKey(selection.getStartKey());
    if (!selection.isCollapsed() || !block.getType().startsWith('header-') || selection.getStartOffset() !== block.getLength()) {
      return 'not-handled';
    }
    const split = Modifier.splitBlock(current.getCurrentContent(), selection);
    const paragraph = Modifier.setBlockType(split, split.getSelectionAfter(), 'unstyled');
    change(EditorState.push(current, paragraph, 'split-block'));
    return 'handled';
  };

  const blockType = state.getCurrentContent().getBlockForKey(state.getSelection().getStartKey())?.getType();
  const styles = state.getCurrentInlineStyle();
  const currentLink = linkAtSelection(state);

  const isActive = (tool: Tool) => {
    if (tool.kind === 'block') return blockType === tool.value;
    if (tool.kind === 'style') return styles.has(tool.value);
    if (tool.kind === 'link') return currentLink !== null;
    return false;
  };

  const openLink = () => {
    setLink({ visible: true, initial: currentLink ?? '', existing: currentLink !== null });
  };

  const applyLink = (url: string | null) => {
    setLink((l) => ({ ...l, visible: false }));
    const current = latest.current;
    const selection = current.getSelection();
    let content = current.getCurrentContent();
    if (url === null) {
      change(RichUtils.toggleLink(current, selection, null));
      refocus();
      return;
    }
    content = content.createEntity(LINK, 'MUTABLE', { url } satisfies LinkData);
    const entityKey = content.getLastCreatedEntityKey();
    if (selection.isCollapsed()) {
      // Nothing selected: the address itself becomes the link's text.
      const inserted = Modifier.insertText(content, selection, url, current.getCurrentInlineStyle(), entityKey);
      change(EditorState.push(current, inserted, 'insert-characters'));
    } else {
      const withEntity = EditorState.set(current, { currentContent: content });
      change(RichUtils.toggleLink(withEntity, selection, entityKey));
    }
    refocus();
  };

  const chooseImage = async (file: File) => {
    setImageProblem(null);
    if (!isImageFileType(file)) {
      setImageProblem(t('validation.image_type'));
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setImageProblem(t('validation.image_size'));
      return;
    }
    setUploading(true);
    let src: string;
    try {
      src = await uploadImage(file);
    } catch {
      // The API layer showed why in the error dialog.
      return;
    } finally {
      setUploading(false);
    }
    const current = latest.current;
    const content = current.getCurrentContent().createEntity(IMAGE, 'IMMUTABLE', { src, alt: '' } satisfies ImageData);
    const withEntity = EditorState.set(current, { currentContent: content });
    change(AtomicBlockUtils.insertAtomicBlock(withEntity, content.getLastCreatedEntityKey(), ' '));
    refocus();
  };

  const run = (tool: Tool) => {
    if (disabled) return;
    if (tool.kind === 'block') {
      change(RichUtils.toggleBlockType(latest.current, tool.value));
      refocus();
    } else if (tool.kind === 'style') {
      change(RichUtils.toggleInlineStyle(latest.current, tool.value));
      refocus();
    } else if (tool.kind === 'link') {
      openLink();
    } else {
      fileInput.current?.click();
    }
  };

  const onToolbarKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setFocusIndex(next);
    toolButtons.current[next]?.focus();
  };

  const describedByIds = [describedBy, imageProblem || uploading ? statusId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div
      className={`rich-text${invalid ? ' rich-text--invalid' : ''}${disabled ? ' rich-text--disabled' : ''}`}
      data-testid="rich-text"
    >
      <div
        role="toolbar"
        aria-label={t('rich_text.toolbar')}
        className="rich-text__toolbar"
        onKeyDown={onToolbarKeyDown}
      >
        {TOOLS.map((tool, index) => {
          const pressable = tool.kind !== 'image';
          const active = isActive(tool);
          return (
            <button
              key={tool.key}
              ref={(el) => {
                toolButtons.current[index] = el;
              }}
              type="button"
              className={`rich-text__tool${active ? ' rich-text__tool--active' : ''} rich-text__tool--${tool.key}`}
              tabIndex={index === focusIndex ? 0 : -1}
              aria-label={t(tool.label)}
              title={t(tool.label)}
              aria-pressed={pressable ? active : undefined}
              disabled={disabled || (tool.kind === 'image' && uploading)}
              // The editor keeps its selection when a tool is clicked.
              onMouseDown={(e) => e.preventDefault()}
              onFocus={() => setFocusIndex(index)}
              onClick={() => run(tool)}
            >
              {'icon' in tool && tool.icon ? (
                <i className={tool.icon} aria-hidden />
              ) : (
                // Drawn by CSS: the button's name is the spelled-out label, not the glyph (axe:
                // label-content-name-mismatch).
                <span className="rich-text__glyph" data-glyph={'text' in tool ? tool.text : ''} aria-hidden />
              )}
            </button>
          );
        })}
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          className="rich-text__file"
          tabIndex={-1}
          aria-hidden
          data-testid="rich-text-image-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void chooseImage(file);
          }}
        />
      </div>
      <div className="rich-text__body" onClick={() => editor.current?.focus()}>
        <Editor
          ref={editor}
          editorState={state}
          onChange={change}
          onBlur={onBlur}
          handleKeyCommand={handleKeyCommand}
          handleReturn={handleReturn}
          blockRendererFn={blockRenderer}
          ariaLabelledBy={labelId}
          ariaDescribedBy={describedByIds}
          ariaMultiline
          readOnly={disabled}
          placeholder={blockType === 'unstyled' ? t('rich_text.placeholder') : undefined}
          spellCheck
        />
      </div>
      {(imageProblem || uploading) && (
        <small id={statusId} className={imageProblem ? 'form-field__error' : 'form-field__hint'} role={imageProblem ? 'alert' : 'status'}>
          {imageProblem ?? (
            <>
              <i className="pi pi-spin pi-spinner" aria-hidden /> {t('rich_text.uploading')}
            </>
          )}
        </small>
      )}
      <LinkDialog
        visible={link.visible}
        initial={link.initial}
        existing={link.existing}
        onConfirm={(url) => applyLink(url)}
        onRemove={() => applyLink(null)}
        onHide={() => {
          setLink((l) => ({ ...l, visible: false }));
          refocus();
        }}
      />
    </div>
  );
}
