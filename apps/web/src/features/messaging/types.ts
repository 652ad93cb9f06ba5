/** Shapes of the message-template endpoints (docs/api.md "Message templates"): core's contracts. */
export type { MessageTemplate, MessageTemplateList, TemplateGroup } from '@leadloom/core';

export interface TemplateDraft {
  name: string;
  body: string;
  categoryID: string | null;
  typeID: string | null;
  tags: string[];
}
