import '@mantine/core/styles/Typography.css';
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MergeFieldPicker } from './merge-field-picker';

export interface BodyEditorProps {
  /** The HTML the editor starts with; later changes come back through `onChange` only. */
  initialHtml: string;
  onChange: (html: string) => void;
  columns: readonly string[];
}

/**
 * The message body in TipTap (through Mantine's toolbar). Loaded lazily: this module and the
 * editor's libraries come only when the Message step first shows.
 */
export default function BodyEditor({ initialHtml, onChange, columns }: BodyEditorProps) {
  const editor = useEditor({
    // StarterKit 3 brings its own link extension; Mantine's (which its link control expects) replaces it.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': 'Message', 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  return (
    <Input.Wrapper label="Message" required>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
          <MergeFieldPicker
            columns={columns}
            target="message"
            onInsert={(text) => editor?.chain().focus().insertContent(text).run()}
          />
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
