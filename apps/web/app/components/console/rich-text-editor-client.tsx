// The Tiptap editor behind RichTextEditor (loaded on demand): bold, italic, headings 3 and 4,
// lists and links, the tags the API keeps (packages/domain/src/html.ts ALLOWED_TAGS). It writes
// its HTML into a hidden field of the form; an empty document posts ''.
import { useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export default function TiptapEditor({ name, initialHtml, labelId, describedBy, invalid }: { name: string; initialHtml: string; labelId: string; describedBy?: string; invalid: boolean }) {
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    // The editor is only ever drawn in the browser (RichTextEditor renders a textarea on the server).
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        // No empty paragraph added after a list or heading: it would be saved as <p></p>.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && (LINK_SCHEMES.test(url) || !/^[a-z][a-z0-9+.-]*:/i.test(url)),
        },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => setHtml(htmlOf(e)),
  });
  return (
    <>
      <Toolbar editor={editor} />
      <div className="console-rte-content">
        <EditorContent editor={editor} />
      </div>
      <input type="hidden" name={name} value={html} />
    </>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const chain = () => editor.chain().focus();
  const button = (label: string, pressed: boolean, run: () => void, text: string) => (
    <button type="button" aria-label={label} aria-pressed={pressed} title={label} onClick={run}>
      {text}
    </button>
  );
  const applyLink = () => {
    const href = url.trim();
    if (!href) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };
  return (
    <div className="console-rte-toolbar" role="toolbar" aria-label="Formatting">
      {button('Bold', active.bold, () => chain().toggleBold().run(), 'B')}
      {button('Italic', active.italic, () => chain().toggleItalic().run(), 'I')}
      {button('Heading', active.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
      {button('Subheading', active.h4, () => chain().toggleHeading({ level: 4 }).run(), 'H4')}
      {button('Bulleted list', active.bullets, () => chain().toggleBulletList().run(), '• List')}
      {button('Numbered list', active.numbers, () => chain().toggleOrderedList().run(), '1. List')}
      <button
        type="button"
        aria-expanded={linkOpen}
        aria-pressed={active.link}
        onClick={() => {
          setUrl(active.href);
          setLinkOpen((open) => !open);
        }}
      >
        Link
      </button>
      {linkOpen ? (
        <span className="console-rte-link">
          <label>
            <span className="console-sr">Link address</span>
            <input
              type="url"
              className="console-input"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                }
                if (e.key === 'Escape') setLinkOpen(false);
              }}
            />
          </label>
          <button type="button" onClick={applyLink}>
            {url.trim() ? 'Apply link' : 'Remove link'}
          </button>
        </span>
      ) : null}
    </div>
  );
}
