import { z } from 'zod';

/** Notes on a contact (docs/api.md "Contacts"): requests and answers. */

export const NOTE_MAX_LENGTH = 20_000;

const noteText = z
  .string()
  .trim()
  .min(1, 'Write something in the note.')
  .max(NOTE_MAX_LENGTH, `A note can hold up to ${NOTE_MAX_LENGTH} characters.`);

/** POST …/contacts/{GTID}/notes: a note on the contact, or on its card in one pipeline. */
export const createNoteBody = z.object({
  text: noteText,
  pipelineUID: z.string().min(1).max(200).nullable().optional(),
});
export type NoteInput = z.input<typeof createNoteBody>;

/** PATCH …/notes/{noteUID} */
export const editNoteBody = z.object({ text: noteText });

export const noteSchema = z.object({
  noteUID: z.string(),
  text: z.string(),
  pipelineUID: z.string().nullable(),
  /** The author's name as it was when they wrote the note. */
  createdBy: z.string(),
  createdByUID: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesAnswer = z.object({ notes: z.array(noteSchema) });
export const noteAnswer = z.object({ note: noteSchema });
export type NoteAnswer = z.infer<typeof noteAnswer>;
export const noteDeletedAnswer = z.object({ deleted: z.literal(true) });
