/** Shapes of the message-template endpoints (docs/api.md "Message templates"). */

export interface MessageTemplate {
  templateUID: string;
  name: string;
  body: string;
  categoryID: string | null;
  typeID: string | null;
  tags: string[];
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A category or a type. */
export interface TemplateGroup {
  id: string;
  name: string;
  order: number;
}

export interface MessageTemplateList {
  templates: MessageTemplate[];
  categories: TemplateGroup[];
  types: TemplateGroup[];
}

export interface TemplateDraft {
  name: string;
  body: string;
  categoryID: string | null;
  typeID: string | null;
  tags: string[];
}
