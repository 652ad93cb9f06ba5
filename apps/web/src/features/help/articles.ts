/**
 * The in-app help articles (SPEC §2 "Help links open a help-widget article or search"). One entry
 * per screen that exists; ids are stable because links elsewhere open them by id.
 */
export interface HelpArticle {
  id: string;
  title: string;
  /** One line under the title in the list. */
  summary: string;
  /** Paragraphs; a line starting with "- " is a list item. */
  body: string[];
  /** Extra words people search with that the text does not use. */
  keywords: string[];
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'sign-in',
    title: 'Signing in and creating an account',
    summary: 'Sign in, create a team on a free trial, reset a forgotten password.',
    body: [
      'Open Leadloom and enter the e-mail and password of your account, then choose Sign in. After too many wrong passwords Leadloom asks you to wait a moment before trying again.',
      'New to Leadloom? Choose "Create an account" on the sign-in screen. Give your name, e-mail, a password of at least 6 characters and a name for your team. You become the owner of that team, which starts on a 14-day trial. Where Leadloom sends mail, a link to finish signing up arrives by mail first; it works once, for 24 hours.',
      'Forgot your password? Choose "Forgot your password?" and enter your e-mail. If an account exists, a reset link arrives by mail; it works for one hour and signs you out everywhere else once used.',
      'Leadloom asks you to accept the terms of use once, and again when they change.',
    ],
    keywords: ['login', 'log in', 'signup', 'sign up', 'register', 'password', 'reset', 'trial'],
  },
  {
    id: 'invitations',
    title: 'Joining a team by invitation',
    summary: 'Accept an invitation mail, set your first password, join a second team.',
    body: [
      'A team owner or admin invites you by e-mail. The mail has a link that opens the invitation in Leadloom and shows who invited you and with which role.',
      'Without a Leadloom account: accept, and Leadloom creates your account and signs you in; you then choose your first password. With an account: sign in with the invited e-mail first, then accept.',
      'An invitation can be used once. A revoked or expired invitation cannot be accepted; ask the team for a new one.',
      'You can belong to several teams. The team switcher next to the logo changes the team of the current browser tab only, so two tabs can work in two teams side by side.',
    ],
    keywords: ['invite', 'invite code', 'join', 'member', 'team switcher', 'switch team'],
  },
  {
    id: 'pipeline-board',
    title: 'The pipeline board',
    summary: 'Your contacts as cards in the stages of a pipeline.',
    body: [
      'Pipeline in the left navigation opens the board: one column per stage, one card per contact, with the number of contacts of the stage at the top of each column.',
      'Use the pipeline picker above the board to change pipeline. Members see the pipelines the team gave them access to; owners and admins see every pipeline.',
      'A card shows the contact’s name, e-mail and when they were last active. Choose a card to open the contact. Long columns load more cards as you scroll.',
      'The board follows changes made by your team mates without a reload.',
    ],
    keywords: ['pipeline', 'kanban', 'stage', 'column', 'card', 'contacts', 'board'],
  },
  {
    id: 'profile-account',
    title: 'Your account',
    summary: 'Name, photo, time zone, default view and password.',
    body: [
      'Open the account menu (your name, top right) and choose Profile. The Account tab holds your name, e-mail, photo URL, time zone and the view Leadloom opens first (pipeline, table or home dashboard).',
      'To change your password enter the current one and the new one twice. Tick "Sign out my other devices" to end every other session, for example after using a shared computer.',
    ],
    keywords: [
      'profile',
      'account',
      'name',
      'photo',
      'avatar',
      'time zone',
      'default view',
      'password',
      'sign out',
    ],
  },
  {
    id: 'profile-team',
    title: 'Managing your team',
    summary: 'Invite members, set roles and pipeline access, free up seats.',
    body: [
      'Profile → Team lists the team’s members and pending invitations. Owners and admins manage them; members can only look.',
      'Invite member sends an invitation mail. Choose the role (admin or member) and, for members, which pipelines they may see.',
      'Each plan includes a number of seats. Members after the owner and pending invitations take a seat; when all are taken, remove a member or revoke an invitation before inviting someone else.',
      'Use the actions of a member row to change their role or pipelines, or to remove them. The owner’s role cannot change.',
    ],
    keywords: [
      'team',
      'members',
      'invite',
      'role',
      'admin',
      'seats',
      'remove member',
      'pipeline access',
    ],
  },
  {
    id: 'profile-billing',
    title: 'Plan and billing',
    summary: 'Your plan, its limits and what happens when it is not active.',
    body: [
      'Profile → Billing shows the team’s plan, its status and how much of each limit is used: contacts, seats and pipelines.',
      'When the subscription is not active, trialing or past due, Leadloom opens the Billing tab instead of other screens until the plan is active again.',
      'Plans are set by Leadloom support; contact them to upgrade, add seats or extend a trial.',
    ],
    keywords: ['billing', 'plan', 'subscription', 'trial', 'limits', 'upgrade', 'payment', 'seats'],
  },
  {
    id: 'admin',
    title: 'The admin area',
    summary: 'For Leadloom super admins: users, teams and plans, mail.',
    body: [
      'Super admins find Admin in the account menu. Other users never see it, and opening /admin sends them to their pipeline.',
      'Users: find anyone by name or e-mail, disable or enable an account (a disabled user is signed out at once), grant or remove super admin, send a password reset mail.',
      'Teams: search teams, open one to see its members and usage, and set its plan and feature flags.',
      'Mail: every mail Leadloom sent or tried to send, newest first, with its delivery status.',
    ],
    keywords: [
      'admin',
      'super admin',
      'users',
      'teams',
      'disable',
      'feature flags',
      'plan',
      'mail',
    ],
  },
];

export function findArticle(id: string): HelpArticle | undefined {
  return HELP_ARTICLES.find((article) => article.id === id);
}
