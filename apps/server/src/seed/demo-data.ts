import type { TaskTemplateInput } from '@leadloom/core';
/**
 * The demo team the first run seeds (README "Demo sign-in"): a believable Facebook-group outreach
 * pipeline and an Instagram one, with contacts spread over the stages.
 */
export const DEMO_USER = {
  email: 'demo@leadloom.dev',
  password: 'leadloom-demo',
  name: 'Dana Demo',
};

export const DEMO_TEAM_NAME = 'Demo Outreach Team';

export interface DemoStage {
  name: string;
  color: string;
  fontColor: string;
}

export interface DemoPipeline {
  nickName: string;
  isDefault: boolean;
  fbGroupURL?: string;
  stages: DemoStage[];
  /** Share of the demo contacts placed in this pipeline. */
  share: number;
}

export const DEMO_PIPELINES: DemoPipeline[] = [
  {
    nickName: 'Facebook Group Leads',
    isDefault: true,
    fbGroupURL: 'https://www.facebook.com/groups/leadloom-demo',
    share: 0.7,
    stages: [
      { name: 'New Lead', color: '#E7F5FF', fontColor: '#1864AB' },
      { name: 'Contacted', color: '#FFF4E6', fontColor: '#D9480F' },
      { name: 'Conversation', color: '#F3F0FF', fontColor: '#5F3DC4' },
      { name: 'Proposal', color: '#FFF9DB', fontColor: '#E67700' },
      { name: 'Won', color: '#EBFBEE', fontColor: '#2B8A3E' },
    ],
  },
  {
    nickName: 'Instagram DMs',
    isDefault: false,
    share: 0.3,
    stages: [
      { name: 'Followed', color: '#FFF0F6', fontColor: '#A61E4D' },
      { name: 'Replied', color: '#E6FCF5', fontColor: '#087F5B' },
      { name: 'Booked Call', color: '#E7F5FF', fontColor: '#1864AB' },
    ],
  },
];

export const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Chloe',
  'Lucas',
  'Mia',
  'Owen',
  'Isla',
  'Caleb',
  'Nora',
  'Elijah',
  'Ruby',
  'Mateo',
  'Hazel',
  'Leo',
  'Ivy',
  'Julian',
  'Aria',
  'Ezra',
  'Layla',
  'Miles',
  'Stella',
  'Theo',
  'Elena',
  'Adrian',
  'Priya',
  'Kenji',
  'Fatima',
  'Diego',
  'Amara',
  'Sven',
  'Yara',
];

export const LAST_NAMES = [
  'Carter',
  'Nguyen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Patel',
  'Kim',
  'Silva',
  'Moreau',
  'Novak',
  'Haddad',
  'Larsen',
  'Tanaka',
  'Mendes',
  'Kowalski',
  'Brennan',
  'Adeyemi',
  'Fischer',
  'Lindqvist',
  'Alvarez',
  'Cohen',
  'Dubois',
  'Iyer',
  'Walsh',
  'Yilmaz',
];

/** Status labels (SPEC §3), in order. */
export const DEMO_LABELS = [
  { display: 'Hot', color: '#E03131' },
  { display: 'Warm', color: '#F76707' },
  { display: 'Cold', color: '#1C7ED6' },
  { display: 'Follow up', color: '#7048E8' },
];

/** Pipeline phases (SPEC §3 Team phases) and the demo stages grouped under them. */
export const DEMO_PHASES = [
  { name: 'Prospecting', color: '#1C7ED6', stages: ['New Lead', 'Followed'] },
  { name: 'Engaging', color: '#F59F00', stages: ['Contacted', 'Conversation', 'Replied'] },
  { name: 'Closing', color: '#37B24D', stages: ['Proposal', 'Won', 'Booked Call'] },
];

export interface DemoTagSet {
  name: string;
  color: string;
  /** Index into DEMO_PIPELINES, or null for a global tag set. */
  pipeline: number | null;
  tags: { name: string; color?: string; remoteID?: string }[];
}

export const DEMO_TAG_SETS: DemoTagSet[] = [
  {
    name: 'Interest',
    color: '#1C7EBB',
    pipeline: null,
    tags: [{ name: 'Coaching' }, { name: 'Online course' }, { name: 'Done-for-you' }],
  },
  {
    name: 'Buying signals',
    color: '#E8590C',
    pipeline: null,
    tags: [
      { name: 'Ready to buy', color: '#F76707' },
      { name: 'Needs nurturing', color: '#FAB005' },
    ],
  },
  {
    name: 'Group engagement',
    color: '#0CA678',
    pipeline: 0,
    tags: [{ name: 'Commented' }, { name: 'Joined this week' }, { name: 'Answered questions' }],
  },
];

/** The Facebook group's membership questions (SPEC §3 Team questions). */
export const DEMO_QUESTIONS = [
  'What brought you to the group?',
  'What is your biggest challenge with getting clients right now?',
  'Would you like our free client-getting checklist? Leave your e-mail.',
];

export const DEMO_ANSWERS = [
  ['A friend shared a post', 'Finding people who actually reply', 'Yes please'],
  ['Searching for marketing tips', 'Consistency, I post and then stop', ''],
  ['Your video on lead magnets', 'Turning conversations into calls', 'Sure!'],
  ['Looking for a community', 'I do not know where to start', 'Yes'],
];

export const DEMO_NOTES = [
  'Replied to the welcome post, asked about pricing for the coaching program.',
  'Prefers voice messages. Follow up after the weekend.',
  'Runs a small bakery; wants more local customers from Instagram.',
  'Watched the webinar replay, interested in the group program.',
  'Asked for a case study in the fitness niche.',
];

export const DEMO_DEAL_NAMES = ['Coaching package', 'Group program', 'Done-for-you setup'];

/** Message template categories, types and templates (SPEC §3 snippets; grammar: docs/templates.md). */
export const DEMO_TEMPLATE_CATEGORIES = ['Openers', 'Follow-ups', 'Closing'];
export const DEMO_TEMPLATE_TYPES = ['Facebook message', 'Comment reply'];
export const DEMO_TEMPLATES: {
  name: string;
  category: string;
  type: string;
  tags: string[];
  body: string;
}[] = [
  {
    name: 'Welcome to the group',
    category: 'Openers',
    type: 'Facebook message',
    tags: ['group', 'welcome'],
    body: '{Hi|Hey|Hello} {{firstName|there}}, thanks for joining the group! {I saw|I noticed} you said "{{answer.1|you want to grow}}" — what made you join?',
  },
  {
    name: 'Thanks for the comment',
    category: 'Openers',
    type: 'Comment reply',
    tags: ['post'],
    body: 'Thanks {{firstName|so much}} for the comment! {Happy to help|Glad it was useful}. Can I send you the guide?',
  },
  {
    name: 'Gentle follow-up',
    category: 'Follow-ups',
    type: 'Facebook message',
    tags: ['follow-up'],
    body: '{Hi|Hey} {{firstName|there}}, {just checking in|following up} on my last message. {No pressure|No rush} — {{senderFirstName}}',
  },
  {
    name: 'Book a call',
    category: 'Closing',
    type: 'Facebook message',
    tags: ['call'],
    body: '{{firstName|Hi}}, {would you like to|shall we} book a quick 15-minute call this week? Here is my calendar: https://cal.example.com/{{senderFirstName}}',
  },
];

/** Demo tasks on the first contacts, due relative to the seed's day (`days` from today). */
export const DEMO_TASKS: {
  name: string;
  days: number;
  time: string | null;
  repeat: { kind: 'daily' } | { kind: 'weekly'; days: number[] } | null;
}[] = [
  { name: 'Send the pricing guide', days: -2, time: '10:00', repeat: null },
  { name: 'Follow up on the group question', days: -1, time: null, repeat: null },
  { name: 'Check in after the webinar', days: 0, time: '11:30', repeat: null },
  { name: 'Reply to new group members', days: 0, time: '17:00', repeat: { kind: 'daily' } },
  { name: 'Book the discovery call', days: 1, time: '09:15', repeat: null },
  { name: 'Weekly pipeline review', days: 3, time: '14:00', repeat: { kind: 'weekly', days: [1] } },
];

/**
 * The home dashboard's announcement on a demo install (service-wide `dashboardData`, written only
 * while no super admin has set any): it says what the demo is and where announcements come from.
 */
export const DEMO_ANNOUNCEMENT = {
  title: 'Welcome to the Leadloom demo',
  text: 'This team is filled with sample contacts, tasks, templates and KPIs, so every screen has something to show. Move a card on the board or complete a task and watch this dashboard follow. Announcements like this one are written by your service’s super admins under Admin.',
};

/** When the demo's messages were sent: [days before today, UTC time]. */
export const DEMO_MESSAGE_DAYS: [number, string][] = [
  [-6, '10:20'],
  [-5, '14:05'],
  [-4, '09:40'],
  [-3, '16:10'],
  [-2, '11:55'],
  [-1, '15:30'],
  [-1, '18:15'],
  [0, '00:10'],
];

/** The demo team's task templates (/setup/tasks), by category and type (SPEC §3). */
export const DEMO_TASK_TEMPLATES: TaskTemplateInput[] = [
  {
    name: 'Call back about the proposal',
    category: 'Sales',
    type: 'Call',
    dueInDays: 2,
    dueTime: '10:00',
    notes: 'Ask whether the pricing works for them and what is still open.',
  },
  {
    name: 'Send the recap after the discovery call',
    category: 'Sales',
    type: 'Message',
    dueInDays: 0,
    dueTime: '17:00',
  },
  {
    name: 'Welcome a new group member',
    category: 'Community',
    type: 'Message',
    dueInDays: 1,
    dueTime: '09:30',
    notes: 'Use the “Welcome to the group” message template.',
  },
  {
    name: 'Weekly check-in',
    category: 'Community',
    type: 'Check-in',
    dueInDays: 7,
    dueTime: '11:00',
    repeat: { kind: 'weekly', days: [1] },
  },
];

/**
 * Demo tasks the owner completed on recent days (days before today, at a time): a run of active
 * days for the home dashboard's streak (with a gap before it), and a Done view to look at.
 */
export const DEMO_DONE_TASKS: { name: string; days: number; time: string }[] = [
  { name: 'Welcome the new group members', days: -11, time: '09:30' },
  { name: 'Send the webinar recording', days: -10, time: '15:00' },
  { name: 'Answer the pricing question', days: -9, time: '11:00' },
  { name: 'Follow up after the call', days: -6, time: '10:15' },
  { name: 'Share the case study', days: -5, time: '16:45' },
  { name: 'Check in on the trial', days: -4, time: '09:00' },
  { name: 'Send the onboarding checklist', days: -3, time: '13:30' },
  { name: 'Confirm the demo time', days: -2, time: '08:45' },
  { name: 'Thank them for the referral', days: -1, time: '17:30' },
  { name: 'Reply to the group question', days: 0, time: '00:05' },
];
