import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';

/** The toolbar's controls, named in the interface's language. */
function useLabels(): Partial<RichTextEditorLabels> {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id: `contentManagement.editor.${id}` });
    return {
      boldControlLabel: t('bold'),
      italicControlLabel: t('italic'),
      underlineControlLabel: t('underline'),
      strikeControlLabel: t('strike'),
      clearFormattingControlLabel: t('clearFormatting'),
      h2ControlLabel: t('h2'),
      h3ControlLabel: t('h3'),
      bulletListControlLabel: t('bulletList'),
      orderedListControlLabel: t('orderedList'),
      blockquoteControlLabel: t('blockquote'),
      hrControlLabel: t('hr'),
      linkControlLabel: t('link'),
      unlinkControlLabel: t('unlink'),
      linkEditorInputLabel: t('linkUrl'),
      linkEditorInputPlaceholder: 'https://…',
      linkEditorSave: t('linkSave'),
      linkEditorExternalLink: t('linkExternal'),
      linkEditorInternalLink: t('linkInternal'),
      imageUploadControlLabel: t('image'),
      undoControlLabel: t('undo'),
      redoControlLabel: t('redo'),
    };
  }, [intl]);
}

/**
 * A section's body in a rich-text editor (Mantine's tiptap editor): paragraphs, bold, italics,
 * underline, strike, headings, lists, quotes, rules, links and pictures — what the server keeps
 * of a body (docs/behaviour/library.md, "What a body may hold"). A picture is uploaded through
 * `onImageUpload` (the storage carrier) before it is inserted. `value` is read when the editor
 * starts; `onChange` gets the HTML after each change.
 */
export function RichTextField({
  label,
  value,
  onChange,
  onImageUpload,
  onImageUploadError,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onImageUpload: (file: File) => Promise<string>;
  onImageUploadError: (error: unknown) => void;
}) {
  const labels = useLabels();
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false }), Image],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }}>
      <RichTextEditor
        editor={editor}
        labels={labels}
        onImageUpload={onImageUpload}
        onImageUploadError={(_file, error) => onImageUploadError(error)}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
