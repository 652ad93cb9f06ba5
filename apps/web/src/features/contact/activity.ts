import type { ActivityItem } from './types';

/** Names the sentences need, looked up from what the page already loaded. */
export interface ActivityNames {
  /** The contact's short name, the subject of "Dana moved to Proposal". */
  contact: string;
  stage?: (stageUID: string) => string | undefined;
  pipeline?: (pipelineUID: string) => string | undefined;
  label?: (labelUID: string) => string | undefined;
  /** Formats a deal amount, e.g. `formatMoney` with the user's locale. */
  money?: (value: number, currency: string) => string;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** `data.from`/`data.to` may be an id, a name, or an object with a name; this finds a name. */
function nameOf(value: unknown, lookup?: (id: string) => string | undefined): string | undefined {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return (
      text(o.name) ??
      text(o.display) ??
      text(o.nickName) ??
      nameOf(o.stageUID ?? o.labelUID ?? o.groupUID ?? o.id, lookup)
    );
  }
  const id = text(value);
  if (!id) return undefined;
  return lookup?.(id) ?? id;
}

function quoted(name: string | undefined) {
  return name ? `“${name}”` : '';
}

/** A person can read it: "Dana moved to Proposal", "Tag “VIP” added", "Deal “Website” won: €1,200.00". */
export function activitySentence(a: ActivityItem, names: ActivityNames): string {
  const who = names.contact || 'The contact';
  const data = a.data ?? {};
  const pipeline = () =>
    nameOf(data.pipeline ?? data.pipelineName ?? a.pipelineUID, names.pipeline) ?? 'a pipeline';
  const amount = () => {
    const value = Number(a.value ?? data.value);
    const currency = text(a.currency ?? data.currency);
    if (!Number.isFinite(value) || !currency) return '';
    return names.money ? names.money(value, currency) : `${value} ${currency}`;
  };
  const dealName = () => quoted(text(data.name ?? data.dealName ?? a.note));

  switch (a.type) {
    case 'initial':
      return `${who} was added as a contact`;
    case 'pipeline':
      switch (a.action) {
        case 'added':
          return `${who} was added to ${pipeline()}`;
        case 'removed':
          return `${who} was removed from ${pipeline()}`;
        case 'dealCreated':
        case 'dealWon':
        case 'dealLost':
        case 'dealDeleted': {
          const verb = {
            dealCreated: 'created',
            dealWon: 'won',
            dealLost: 'lost',
            dealDeleted: 'deleted',
          }[a.action];
          const money = amount();
          return `Deal ${dealName()} ${verb}${money ? `: ${money}` : ''}`.replace(/ {2,}/g, ' ');
        }
        default:
          return `Pipeline ${pipeline()}: ${a.action}`;
      }
    case 'stage': {
      if (a.action === 'historyDeleted') {
        const stage = nameOf(
          data.stageName ?? data.stage ?? data.stageUID ?? a.stageUID,
          names.stage,
        );
        return `A stage history entry${stage ? ` (${stage})` : ''} was deleted`;
      }
      // The server records the names as they were (`toName`, `fromName`) next to the ids.
      const to = nameOf(data.toName ?? data.to ?? a.stageUID, names.stage);
      const from = nameOf(data.fromName ?? data.from, names.stage);
      if (!to) return `${who} changed stage`;
      return from ? `${who} moved to ${to} (from ${from})` : `${who} moved to ${to}`;
    }
    case 'note': {
      const verb =
        {
          created: 'added',
          added: 'added',
          edited: 'edited',
          updated: 'edited',
          deleted: 'deleted',
        }[a.action] ?? a.action;
      return `Note ${verb}`;
    }
    case 'statusLabel': {
      const to = nameOf(data.toDisplay ?? data.to, names.label);
      const from = nameOf(data.fromDisplay ?? data.from, names.label);
      if (!to) return from ? `Status “${from}” cleared` : 'Status cleared';
      return `Status set to “${to}”`;
    }
    case 'tags': {
      if (a.action === 'mapped') {
        return `Tag ${quoted(nameOf(data.from))} replaced by ${quoted(nameOf(data.to))}`;
      }
      const tag = quoted(text(data.name ?? data.tagName ?? data.tag ?? a.note ?? a.value));
      const where = a.pipelineUID ? ` in ${pipeline()}` : '';
      const verb = a.action === 'removed' ? 'removed' : a.action === 'added' ? 'added' : a.action;
      return `Tag ${tag} ${verb}${where}`.replace(/ {2,}/g, ' ');
    }
    case 'task':
      return `Task ${a.action}${a.note ? `: ${a.note}` : ''}`;
    case 'message':
      return a.action === 'received' ? `Message received from ${who}` : `Message ${a.action}`;
    default:
      return `${a.type} ${a.action}`.trim();
  }
}

/** The text shown under the sentence (a note's words, a message's body). */
export function activityDetail(a: ActivityItem): string | null {
  if (a.type === 'note' && a.action !== 'deleted') return text(a.note ?? a.data?.text) ?? null;
  if (a.type === 'message') return text(a.note ?? a.data?.text) ?? null;
  return null;
}

/** The user's time zone: the profile's when it names a real zone, else the browser's. */
export function userTimeZone(profileZone: string | null | undefined): string | undefined {
  if (profileZone) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: profileZone });
      return profileZone;
    } catch {
      // Unknown zone name: use the browser's.
    }
  }
  return undefined;
}

/** "21 Nov 2026, 09:05" in the given zone (undefined = the browser's). */
export function formatDateTime(iso: string, timeZone?: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}
