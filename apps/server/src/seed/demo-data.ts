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
  'Ava', 'Liam', 'Maya', 'Noah', 'Zoe', 'Ethan', 'Chloe', 'Lucas', 'Mia', 'Owen', 'Isla', 'Caleb',
  'Nora', 'Elijah', 'Ruby', 'Mateo', 'Hazel', 'Leo', 'Ivy', 'Julian', 'Aria', 'Ezra', 'Layla', 'Miles',
  'Stella', 'Theo', 'Elena', 'Adrian', 'Priya', 'Kenji', 'Fatima', 'Diego', 'Amara', 'Sven', 'Yara',
];

export const LAST_NAMES = [
  'Carter', 'Nguyen', 'Okafor', 'Schmidt', 'Rossi', 'Patel', 'Kim', 'Silva', 'Moreau', 'Novak',
  'Haddad', 'Larsen', 'Tanaka', 'Mendes', 'Kowalski', 'Brennan', 'Adeyemi', 'Fischer', 'Lindqvist',
  'Alvarez', 'Cohen', 'Dubois', 'Iyer', 'Walsh', 'Yilmaz',
];
