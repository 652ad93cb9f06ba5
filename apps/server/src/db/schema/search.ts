import { foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { textC } from '../columns';
import { team } from './teams';

/**
 * The distinct words of a team's contact names (the search's typo dictionary), kept by triggers
 * on contact that are hand-written in migration 0016 (see index.ts).
 */
export const searchWord = pgTable(
  'search_word',
  {
    teamUID: textC('team_uid').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamUID, t.word], name: 'search_word_pk' }),
    foreignKey({
      columns: [t.teamUID],
      foreignColumns: [team.teamUID],
      name: 'search_word_team_fk',
    }).onDelete('cascade'),
    index('search_word_trgm_idx').using('gin', t.teamUID, t.word.op('gin_trgm_ops')),
  ],
);
