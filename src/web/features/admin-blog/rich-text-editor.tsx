import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Link2, type IconComponent } from '../../components/icons';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  List,
  ListOrdered,
  Redo2,
  SquareCode,
  Strikethrough,
  TextQuote,
  Underline,
  Undo2,
} from '../../components/admin/icons';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { ImageDialog, LinkDialog } from './editor-dialogs';

export interface RichTextEditorProps {
  /** Initial HTML; later changes of this prop are not pushed into the editor (key the editor to reset it). */
  initialHtml: string;
  /** HTML ('' when the document is empty) and its plain text. */
  onChange: (html: string, text: string) => void;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
}

/** ProseMirror's own CSS (TipTap's injected <style> would break the strict CSP), plus editing typography. */
const editorClasses = cn(
  'relative min-h-64 px-4 py-3 text-base leading-7 text-slate-800 focus:outline-none',
  'break-words whitespace-pre-wrap [font-variant-ligatures:none]',
  '[&_[contenteditable=false]]:whitespace-normal [&_pre]:whitespace-pre-wrap',
  '[&_img.ProseMirror-separator]:!inline [&_img.ProseMirror-separator]:!size-0 [&_img.ProseMirror-separator]:!m-0',
  '[&_.ProseMirror-gapcursor]:hidden [&.ProseMirror-focused_.ProseMirror-gapcursor]:block',
  '[&_p]:my-3 [&>*:first-child]:mt-0',
  '[&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_strong]:font-semibold [&_em]:italic [&_u]:underline [&_s]:line-through',
  '[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:bg-brand-50/60 [&_blockquote]:py-1 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.875em]',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:ring-4 [&_img.ProseMirror-selectednode]:ring-brand-400',
);

function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** The blog content editor: TipTap with a keyboard-accessible toolbar (a WAI-ARIA toolbar, arrow keys). */
export function RichTextEditor({ initialHtml, onChange, label, error, hint, required, disabled }: RichTextEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // Editor commands that follow a dialog run once it has closed: while the modal is open the editor is
  // inert, and the dialog hands focus back on closing, so focusing earlier would lose the caret.
  const afterDialog = useRef<(() => void) | null>(null);
  const closeDialogThen = (action: () => void) => {
    afterDialog.current = action;
    setDialog(null);
  };
  useEffect(() => {
    const action = afterDialog.current;
    if (dialog !== null || !action) return;
    afterDialog.current = null;
    action();
  }, [dialog]);
  const openLinkRef = useRef<() => void>(() => {});
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    openLinkRef.current = () => setDialog('link');
    onChangeRef.current = onChange;
  });

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const attributes = useMemo(
    () => ({
      class: editorClasses,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      'data-rich-text': '',
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
      ...(required ? { 'aria-required': 'true' } : {}),
    }),
    [labelId, describedBy, error, required],
  );

  const editor = useEditor(
    {
      immediatelyRender: false,
      injectCSS: false,
      editable: !disabled,
      content: initialHtml,
      extensions: [
        StarterKit.configure({
          heading: { levels: [2, 3] },
          link: {
            openOnClick: false,
            autolink: true,
            defaultProtocol: 'https',
            protocols: ['http', 'https', 'mailto', 'tel'],
            HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
          },
        }),
        Image.configure({ allowBase64: false, inline: false }),
      ],
      editorProps: {
        attributes,
        handleKeyDown: (_view, event) => {
          if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
            event.preventDefault();
            openLinkRef.current();
            return true;
          }
          return false;
        },
      },
      onUpdate: ({ editor: current }) => onChangeRef.current(editorHtml(current), current.getText()),
    },
    // Created once: recreating the editor would drop what was typed. Later changes are applied below.
    [],
  );

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes } });
    editor.setEditable(!disabled, false);
  }, [editor, attributes, disabled]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-800" onClick={() => editor?.commands.focus()}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <div
        className={cn(
          'overflow-hidden rounded-lg border bg-white shadow-xs transition-colors focus-within:ring-4',
          error
            ? 'border-red-500 focus-within:ring-red-500/20'
            : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-500/20',
        )}
      >
        <Toolbar
          editor={editor}
          disabled={disabled}
          onLink={() => setDialog('link')}
          onImage={() => setDialog('image')}
        />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <div className={cn(editorClasses, 'text-slate-400')} aria-hidden="true">
            Loading editor…
          </div>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      {editor && (
        <>
          <LinkDialog
            open={dialog === 'link'}
            initialUrl={(editor.getAttributes('link').href as string | undefined) ?? ''}
            hasLink={editor.isActive('link')}
            onCancel={() => closeDialogThen(() => editor.commands.focus())}
            onApply={(href) =>
              closeDialogThen(() => {
                const chain = editor.chain().focus().extendMarkRange('link');
                if (href === null) chain.unsetLink().run();
                else if (editor.state.selection.empty && !editor.isActive('link'))
                  chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
                else chain.setLink({ href }).run();
              })
            }
          />
          <ImageDialog
            open={dialog === 'image'}
            onCancel={() => closeDialogThen(() => editor.commands.focus())}
            onInsert={({ src, alt }) => closeDialogThen(() => editor.chain().focus().setImage({ src, alt }).run())}
          />
        </>
      )}
    </div>
  );
}

interface ToolItem {
  id: string;
  label: string;
  shortcut?: string;
  icon: IconComponent;
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

function Toolbar({
  editor,
  disabled,
  onLink,
  onImage,
}: {
  editor: Editor | null;
  disabled?: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            underline: current.isActive('underline'),
            strike: current.isActive('strike'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bullet: current.isActive('bulletList'),
            ordered: current.isActive('orderedList'),
            quote: current.isActive('blockquote'),
            code: current.isActive('codeBlock'),
            link: current.isActive('link'),
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const chain = () => editor!.chain().focus();
  const items: ToolItem[][] = [
    [
      {
        id: 'bold',
        label: 'Bold',
        shortcut: 'Ctrl+B',
        icon: Bold,
        active: state?.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        id: 'italic',
        label: 'Italic',
        shortcut: 'Ctrl+I',
        icon: Italic,
        active: state?.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        id: 'underline',
        label: 'Underline',
        shortcut: 'Ctrl+U',
        icon: Underline,
        active: state?.underline,
        run: () => chain().toggleUnderline().run(),
      },
      {
        id: 'strike',
        label: 'Strikethrough',
        shortcut: 'Ctrl+Shift+S',
        icon: Strikethrough,
        active: state?.strike,
        run: () => chain().toggleStrike().run(),
      },
    ],
    [
      {
        id: 'h2',
        label: 'Heading 2',
        icon: Heading2,
        active: state?.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        id: 'h3',
        label: 'Heading 3',
        icon: Heading3,
        active: state?.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        id: 'bullet',
        label: 'Bullet list',
        icon: List,
        active: state?.bullet,
        run: () => chain().toggleBulletList().run(),
      },
      {
        id: 'ordered',
        label: 'Numbered list',
        icon: ListOrdered,
        active: state?.ordered,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        id: 'quote',
        label: 'Quote',
        icon: TextQuote,
        active: state?.quote,
        run: () => chain().toggleBlockquote().run(),
      },
      {
        id: 'code',
        label: 'Code block',
        icon: SquareCode,
        active: state?.code,
        run: () => chain().toggleCodeBlock().run(),
      },
    ],
    [
      { id: 'link', label: 'Link', shortcut: 'Ctrl+K', icon: Link2, active: state?.link, run: onLink },
      { id: 'image', label: 'Image', icon: ImagePlus, run: onImage },
    ],
    [
      {
        id: 'undo',
        label: 'Undo',
        shortcut: 'Ctrl+Z',
        icon: Undo2,
        disabled: !state?.canUndo,
        run: () => chain().undo().run(),
      },
      {
        id: 'redo',
        label: 'Redo',
        shortcut: 'Ctrl+Shift+Z',
        icon: Redo2,
        disabled: !state?.canRedo,
        run: () => chain().redo().run(),
      },
    ],
  ];
  const flat = items.flat();
  const toolbarDisabled = !editor || disabled;
  const current = Math.min(focusIndex, flat.length - 1);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: flat.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + flat.length) % flat.length;
    setFocusIndex(index);
    buttons.current[index]?.focus();
  }

  let index = -1;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1"
    >
      {items.map((group, groupIndex) => (
        <div key={groupIndex} className="flex items-center gap-0.5">
          {groupIndex > 0 && <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />}
          {group.map((item) => {
            index += 1;
            const position = index;
            const Icon = item.icon;
            const pressable = item.active !== undefined;
            return (
              <button
                key={item.id}
                ref={(node) => {
                  buttons.current[position] = node;
                }}
                type="button"
                tabIndex={position === current ? 0 : -1}
                aria-label={item.label}
                aria-pressed={pressable ? Boolean(item.active) : undefined}
                aria-keyshortcuts={item.shortcut?.replace('Ctrl', 'Control')}
                title={item.shortcut ? `${item.label} (${item.shortcut})` : item.label}
                disabled={toolbarDisabled || item.disabled}
                onFocus={() => setFocusIndex(position)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={item.run}
                className={cn(
                  'grid size-9 place-items-center rounded-md text-slate-600 transition-colors',
                  'hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500',
                  'disabled:pointer-events-none disabled:opacity-40',
                  item.active && 'bg-brand-100 text-brand-800 hover:bg-brand-200',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
