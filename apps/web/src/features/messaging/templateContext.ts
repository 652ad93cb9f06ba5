import type { SearchHit, TemplateContext } from '@leadloom/core';

/**
 * What a template is filled with for a contact and the person sending. The preview on the setup
 * screen has a search hit; the composer on the contact page has the whole contact with its
 * answers in the pipeline shown.
 */
export function templateContextOf(
  contact: Pick<
    SearchHit,
    'firstName' | 'lastName' | 'fullName' | 'emailAddress' | 'phoneNumber' | 'profiles'
  >,
  senderName: string,
  answers: readonly string[] = [],
): TemplateContext {
  const sender = senderName.trim();
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: contact.fullName,
    email: contact.emailAddress,
    phone: contact.phoneNumber,
    profiles: contact.profiles,
    answers,
    senderName: sender,
    senderFirstName: sender.split(/\s+/)[0] ?? '',
  };
}

/** A template's short preview line in lists: its text with white space folded. */
export function templateSnippet(body: string, max = 90): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
