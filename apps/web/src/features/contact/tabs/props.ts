import type { ContactAnswer, ContactPipeline } from '../types';

/** What every contact tab gets: the loaded contact and the pipeline selected in the header. */
export interface TabProps {
  teamUID: string;
  data: ContactAnswer;
  selected: ContactPipeline | null;
  onSelectPipeline: (groupUID: string) => void;
}
