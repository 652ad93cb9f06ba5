/**
 * Putting text into a rich editor (Lexical on Messenger and Instagram, LinkedIn's own) the ways
 * such editors accept: `execCommand('insertText')`, or a synthetic paste carrying the text. Never
 * key presses: in all three an Enter keystroke sends the message, so a "\n" typed as Enter would
 * send the first line alone.
 */
import { editorText, sleep } from './dom';

/** Editors apply input in a later task (Lexical batches updates): read back after this. */
const SETTLE_MS = 60;

export type InsertMethod = 'insertText' | 'paste';

function caretAtEnd(editor: HTMLElement): void {
  editor.focus();
  const selection = editor.ownerDocument.getSelection();
  if (!selection) return;
  const range = editor.ownerDocument.createRange();
  range.selectNodeContents(editor);
  range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** Empties the editor through the editor's own handling (a delete, not a DOM write it ignores). */
export async function clearEditor(editor: HTMLElement): Promise<void> {
  if (editorText(editor) === '') return;
  editor.focus();
  editor.ownerDocument.getSelection()?.selectAllChildren(editor);
  editor.ownerDocument.execCommand('delete', false);
  await sleep(SETTLE_MS);
}

/** Line by line: each line as inserted text, each break as a paragraph command, not a key. */
function insertByCommand(editor: HTMLElement, text: string): void {
  caretAtEnd(editor);
  const doc = editor.ownerDocument;
  text.split('\n').forEach((line, index) => {
    if (index > 0) doc.execCommand('insertParagraph', false);
    if (line) doc.execCommand('insertText', false, line);
  });
}

/** The whole text, line breaks and all, as a paste event the editor handles itself. */
function insertByPaste(editor: HTMLElement, text: string): void {
  caretAtEnd(editor);
  const data = new DataTransfer();
  data.setData('text/plain', text);
  editor.dispatchEvent(
    new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
  );
}

/**
 * Tries each method in turn until the editor holds exactly `text`; returns the one that worked,
 * or null (the editor is left empty then).
 */
export async function insertText(
  editor: HTMLElement,
  text: string,
  methods: readonly InsertMethod[] = ['insertText', 'paste'],
): Promise<InsertMethod | null> {
  for (const method of methods) {
    await clearEditor(editor);
    if (method === 'insertText') insertByCommand(editor, text);
    else insertByPaste(editor, text);
    await sleep(SETTLE_MS);
    if (editorText(editor) === text) return method;
  }
  await clearEditor(editor);
  return null;
}
