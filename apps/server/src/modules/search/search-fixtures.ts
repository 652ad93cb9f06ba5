import {
  effectiveSort,
  newPushId,
  phoneDigits,
  searchDocument,
  searchTokens,
  tokenParts,
  type SearchRequest,
} from '@leadloom/core';
import type { TestServices } from '../../test/harness';
import { addMember, createUser, ownerWithTeam, signIn } from '../../test/team-fixtures';

/**
 * A seeded team for the search tests, kept in memory too, and `modelSearch`: the search rules
 * applied to that memory copy (the oracle the example and property tests compare `/v2` with).
 *
 * Names come from a vocabulary whose words start with distinct letters, so a prefix of one
 * word is never close (pg_trgm word similarity ≥ 0.4) to another, and a one-letter typo in a
 * word of ≥ 9 letters stays close to it: then "typo tolerant" has an exact expected answer.
 */

export const FIRST = [
  'albertina',
  'bartholomew',
  'cordelia',
  'desdemona',
  'evangeline',
  'florentin',
  'gwendolyn',
  'humphrey',
  'isadora',
  'jedediah',
  'kassandra',
  'leopoldo',
];
export const LAST = [
  'montgomery',
  'nightingale',
  'oppenheimer',
  'pemberton',
  'quackenbush',
  'rutherford',
  'sinclair',
  'thistlewood',
  'underhill',
  'vanderbilt',
  'whitmore',
  'yarborough',
];
export const SOURCES = ['facebook', 'instagram', 'linkedin'];
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

export interface SeedContact {
  gtid: string;
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  profiles: Record<string, string>;
  sources: string[];
  statusLabelUID: string | null;
  createdAt: number;
  lastActivityAt: number | null;
  placements: { pipelineUID: string; stageUID: string }[];
  tags: { tagID: string; pipelineUID: string | null }[];
  deals: { pipelineUID: string; value: number; status: 'open' | 'won' | 'lost' }[];
  /** Answers per pipeline placed in, in order; the text names its pipeline, some are blank. */
  answers: { pipelineUID: string; question: string; answer: string }[];
  doc: string;
}

export interface SeedPipeline {
  pipelineUID: string;
  isDefault: boolean;
  order: number;
  stages: { stageUID: string; idx: number }[];
}

export interface SearchSeed {
  teamUID: string;
  otherTeamUID: string;
  pipelines: SeedPipeline[];
  /** The pipeline the member may not see. */
  hiddenPipelineUID: string;
  labels: { labelUID: string; display: string }[];
  globalTags: string[];
  pipelineTags: { tagID: string; pipelineUID: string }[];
  contacts: SeedContact[];
  otherContacts: string[];
  owner: Awaited<ReturnType<typeof ownerWithTeam>>;
  member: Awaited<ReturnType<typeof signIn>>;
  other: Awaited<ReturnType<typeof ownerWithTeam>>;
  /** Pipelines the member sees. */
  memberPipelines: string[];
}

/** A small deterministic generator (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

async function q(s: TestServices, text: string, params: unknown[] = []) {
  return s.database.pool.query(text, params);
}

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

async function insertContacts(
  s: TestServices,
  teamUID: string,
  pipelines: SeedPipeline[],
  tags: { global: string[]; pipeline: { tagID: string; pipelineUID: string }[]; setUID: string },
  labels: string[],
  n: number,
  seed: number,
): Promise<SeedContact[]> {
  const r = rng(seed);
  // Answers from their own generator: the other fields stay what they were.
  const ra = rng(seed * 31 + 5);
  const out: SeedContact[] = [];
  for (let i = 0; i < n; i++) {
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const gtid = `${first}-${last}-${1_800_000_000 + i}-${newPushId()}`;
    const fullName = r.chance(0.85) ? `${cap(first)} ${cap(last)}` : '';
    const email = r.chance(0.7) ? `${first}.${last}${i}@ex.io` : null;
    const phone = r.chance(0.6) ? `+1 (555) ${String(100 + r.int(900))}-${String(1000 + i)}` : null;
    const profiles: Record<string, string> = {};
    if (r.chance(0.5)) profiles.facebook = `https://facebook.com/${first}.${last}`;
    if (r.chance(0.3)) profiles.instagram = `https://instagram.com/${last}_${i}/`;
    const sources = SOURCES.filter(() => r.chance(0.4));
    const statusLabelUID = r.chance(0.6) ? r.pick(labels) : null;
    const createdAt = T0 + r.int(300) * 86_400_000 + i * 1000;
    const lastActivityAt = r.chance(0.7) ? T0 + r.int(320) * 86_400_000 + i : null;
    const placements = pipelines
      .filter(() => r.chance(0.55))
      .map((p) => ({ pipelineUID: p.pipelineUID, stageUID: r.pick(p.stages).stageUID }));
    const contactTags: SeedContact['tags'] = tags.global
      .filter(() => r.chance(0.35))
      .map((tagID) => ({ tagID, pipelineUID: null }));
    for (const t of tags.pipeline) {
      if (placements.some((p) => p.pipelineUID === t.pipelineUID) && r.chance(0.5)) {
        contactTags.push({ tagID: t.tagID, pipelineUID: t.pipelineUID });
      }
    }
    const deals: SeedContact['deals'] = [];
    for (const p of placements) {
      for (let d = r.int(3); d > 0; d--) {
        deals.push({
          pipelineUID: p.pipelineUID,
          value: 50 * (1 + r.int(40)),
          status: r.pick(['open', 'won', 'lost'] as const),
        });
      }
    }
    const c: SeedContact = {
      gtid,
      firstName: cap(first),
      lastName: cap(last),
      fullName,
      emailAddress: email,
      phoneNumber: phone,
      profiles,
      sources,
      statusLabelUID,
      createdAt,
      lastActivityAt,
      placements,
      tags: contactTags,
      deals,
      answers: placements.flatMap((p) =>
        ra.chance(0.6)
          ? ['Budget?', 'Timeline?', 'Decision maker?']
              .filter(() => ra.chance(0.7))
              .map((question, k) => ({
                pipelineUID: p.pipelineUID,
                question,
                // A blank answer now and then: kept in the database, never shown.
                answer: ra.chance(0.15) ? '  ' : `${question} ${k} in ${p.pipelineUID}`,
              }))
          : [],
      ),
      doc: '',
    };
    c.doc = searchDocument(c);
    out.push(c);
    await q(
      s,
      `INSERT INTO contact (team_uid, gtid, first_name, last_name, full_name, email_address,
        phone_number, profiles, sources, status_label_uid, created_at, last_activity_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9::jsonb,$10,$11::timestamptz,$12::timestamptz)`,
      [
        teamUID,
        gtid,
        c.firstName,
        c.lastName,
        fullName,
        email,
        phone,
        JSON.stringify(profiles),
        JSON.stringify(sources),
        statusLabelUID,
        new Date(createdAt).toISOString(),
        lastActivityAt === null ? null : new Date(lastActivityAt).toISOString(),
      ],
    );
    for (const [k, p] of placements.entries()) {
      await q(
        s,
        `INSERT INTO contact_pipeline (team_uid, gtid, pipeline_uid, stage_uid, position)
         VALUES ($1,$2,$3,$4,$5)`,
        [teamUID, gtid, p.pipelineUID, p.stageUID, `a${i}-${k}`],
      );
    }
    for (const t of contactTags) {
      await q(
        s,
        `INSERT INTO contact_tag (team_uid, gtid, pipeline_uid, tag_set_uid, tag_id, name)
         VALUES ($1,$2,$3,$4,$5,'t')`,
        [teamUID, gtid, t.pipelineUID, tags.setUID, t.tagID],
      );
    }
    for (const d of deals) {
      await q(
        s,
        `INSERT INTO deal (team_uid, deal_uid, gtid, pipeline_uid, name, value, status)
         VALUES ($1,$2,$3,$4,'Deal',$5,$6)`,
        [teamUID, newPushId(), gtid, d.pipelineUID, d.value, d.status],
      );
    }
    for (const [k, a] of c.answers.entries()) {
      await q(
        s,
        `INSERT INTO answer (team_uid, answer_uid, gtid, pipeline_uid, question, answer, "order")
         VALUES ($1,$2,$3,$4,$5,$6,$7)`,
        [teamUID, newPushId(), gtid, a.pipelineUID, a.question, a.answer, k],
      );
    }
  }
  return out;
}

async function addPipelineWithStages(
  s: TestServices,
  teamUID: string,
  order: number,
  isDefault: boolean,
): Promise<SeedPipeline> {
  const pipelineUID = newPushId();
  await q(
    s,
    `INSERT INTO pipeline (team_uid, pipeline_uid, nick_name, "order", is_default)
     VALUES ($1,$2,$3,$4,$5)`,
    [teamUID, pipelineUID, `P${order}`, order, isDefault],
  );
  const stages = [];
  for (let idx = 0; idx < 3; idx++) {
    const stageUID = newPushId();
    await q(
      s,
      `INSERT INTO stage (team_uid, stage_uid, pipeline_uid, name, color, font_color, idx)
       VALUES ($1,$2,$3,$4,'#fff','#000',$5)`,
      [teamUID, stageUID, pipelineUID, `S${idx}`, idx],
    );
    stages.push({ stageUID, idx });
  }
  return { pipelineUID, isDefault, order, stages };
}

async function tagsFor(s: TestServices, teamUID: string, pipelines: SeedPipeline[]) {
  const setUID = newPushId();
  await q(s, `INSERT INTO tag_set (team_uid, tag_set_uid, name, color) VALUES ($1,$2,'G','#000')`, [
    teamUID,
    setUID,
  ]);
  const global = [newPushId(), newPushId(), newPushId()];
  const pipeline = pipelines.map((p) => ({ tagID: newPushId(), pipelineUID: p.pipelineUID }));
  for (const tagID of [...global, ...pipeline.map((t) => t.tagID)]) {
    await q(s, `INSERT INTO tag (team_uid, tag_id, tag_set_uid, name) VALUES ($1,$2,$3,$4)`, [
      teamUID,
      tagID,
      setUID,
      `tag-${tagID}`,
    ]);
  }
  return { global, pipeline, setUID };
}

async function labelsFor(s: TestServices, teamUID: string) {
  const labels = [
    { labelUID: newPushId(), display: 'Hot' },
    { labelUID: newPushId(), display: 'cold' },
    { labelUID: newPushId(), display: 'Warm' },
  ];
  for (const [i, l] of labels.entries()) {
    await q(
      s,
      `INSERT INTO status_label (team_uid, label_uid, display, color, "order") VALUES ($1,$2,$3,'#000',$4)`,
      [teamUID, l.labelUID, l.display, i],
    );
  }
  return labels;
}

export async function seedSearchTeam(s: TestServices, n = 70, seed = 7): Promise<SearchSeed> {
  const suffix = newPushId().toLowerCase();
  const owner = await ownerWithTeam(s, `search-owner-${suffix}@example.com`);
  const other = await ownerWithTeam(s, `search-other-${suffix}@example.com`);
  const teamUID = owner.teamUID;
  const pipelines = [
    await addPipelineWithStages(s, teamUID, 0, true),
    await addPipelineWithStages(s, teamUID, 1, false),
    await addPipelineWithStages(s, teamUID, 2, false),
  ];
  const hiddenPipelineUID = pipelines[2]!.pipelineUID;
  const memberPipelines = [pipelines[0]!.pipelineUID, pipelines[1]!.pipelineUID];
  const memberEmail = `search-member-${suffix}@example.com`;
  const memberUID = await createUser(s, memberEmail);
  await addMember(s, teamUID, memberUID, 'member', memberPipelines);
  const member = await signIn(s, memberEmail);
  const tags = await tagsFor(s, teamUID, pipelines);
  const labels = await labelsFor(s, teamUID);
  const contacts = await insertContacts(
    s,
    teamUID,
    pipelines,
    tags,
    labels.map((l) => l.labelUID),
    n,
    seed,
  );
  // The other team: the same names, so a leak would show in any text search.
  const otherPipelines = [await addPipelineWithStages(s, other.teamUID, 0, true)];
  const otherTags = await tagsFor(s, other.teamUID, otherPipelines);
  const otherLabels = await labelsFor(s, other.teamUID);
  const otherContacts = await insertContacts(
    s,
    other.teamUID,
    otherPipelines,
    otherTags,
    otherLabels.map((l) => l.labelUID),
    25,
    seed + 1,
  );
  return {
    teamUID,
    otherTeamUID: other.teamUID,
    pipelines,
    hiddenPipelineUID,
    labels,
    globalTags: tags.global,
    pipelineTags: tags.pipeline,
    contacts,
    otherContacts: otherContacts.map((c) => c.gtid),
    owner,
    member,
    other,
    memberPipelines,
  };
}

/** A hit's `answers` as the model has them: the non-blank ones in the pipeline searched. */
export function modelAnswers(c: SeedContact, pipelineUID: string | null) {
  if (!pipelineUID) return [];
  return c.answers
    .filter((a) => a.pipelineUID === pipelineUID && a.answer.trim() !== '')
    .map((a) => ({ questionUID: null, question: a.question, answer: a.answer }));
}

/** What `/v2` should answer, computed in memory: the ordered GTIDs of every match, and the pipeline used. */
export function modelSearch(
  seed: SearchSeed,
  visible: 'all' | readonly string[],
  req: SearchRequest,
): { gtids: string[]; pipelineUID: string | null } {
  const sees = (p: string) => visible === 'all' || visible.includes(p);
  const f = req.searchObj;
  let pipelineUID = f.pipelineUID ?? null;
  if (!pipelineUID && req.isPipelineInitial) {
    const candidates = seed.pipelines
      .filter((p) => sees(p.pipelineUID))
      .sort(
        (a, b) =>
          Number(b.isDefault) - Number(a.isDefault) ||
          a.order - b.order ||
          (a.pipelineUID < b.pipelineUID ? -1 : 1),
      );
    pipelineUID = candidates[0]?.pipelineUID ?? null;
  }
  const tokens = searchTokens(f.text ?? '');
  // The team's name words (the typo dictionary, migration 0016): every contact's, seen or not.
  const nameWords = [
    ...new Set(
      seed.contacts.flatMap((c) =>
        [c.firstName, c.lastName, c.fullName].flatMap((n) => n.toLowerCase().split(/\s+/)),
      ),
    ),
  ].filter((w) => w !== '');
  const dealValue = (c: SeedContact) =>
    c.deals
      .filter(
        (d) =>
          d.status !== 'lost' &&
          sees(d.pipelineUID) &&
          (!pipelineUID || d.pipelineUID === pipelineUID),
      )
      .reduce((a, d) => a + d.value, 0);
  const visTags = (c: SeedContact) =>
    new Set(
      c.tags.filter((t) => t.pipelineUID === null || sees(t.pipelineUID)).map((t) => t.tagID),
    );
  const inRange = (
    v: number | null,
    r: { from?: string | undefined; to?: string | undefined; includeEmpty?: boolean | undefined },
  ) =>
    v === null
      ? !!r.includeEmpty
      : (!r.from || v >= Date.parse(r.from)) && (!r.to || v < Date.parse(r.to));
  const tokenMatches = (doc: string, t: string) => {
    if (doc.includes(` ${t}`)) return true;
    const parts = tokenParts(t);
    if (parts.length > 0 && parts.every((part) => doc.includes(` ${part}`))) return true;
    const digits = phoneDigits(t);
    if (digits && digits.length >= 3 && doc.includes(digits)) return true;
    // Typo tolerance, for the vocabulary's construction (see above): a token of ≥ 9 letters
    // stands for the team's name words one substitution away from it, each matched as typed.
    if (t.length >= 9) {
      return nameWords.some(
        (w) =>
          w.length === t.length &&
          [...w].filter((ch, i) => ch !== t[i]).length === 1 &&
          doc.includes(` ${w}`),
      );
    }
    return false;
  };

  const matches = seed.contacts.filter((c) => {
    const placements = c.placements;
    if (
      visible !== 'all' &&
      placements.length > 0 &&
      !placements.some((p) => sees(p.pipelineUID))
    ) {
      return false;
    }
    if (!tokens.every((t) => tokenMatches(c.doc, t))) return false;
    if (
      pipelineUID &&
      !placements.some((p) => p.pipelineUID === pipelineUID && sees(p.pipelineUID))
    ) {
      return false;
    }
    if (
      f.stageUIDs?.length &&
      !placements.some(
        (p) =>
          f.stageUIDs!.includes(p.stageUID) &&
          sees(p.pipelineUID) &&
          (!pipelineUID || p.pipelineUID === pipelineUID),
      )
    ) {
      return false;
    }
    const tagSet = visTags(c);
    if (f.tags?.any?.length && !f.tags.any.some((t) => tagSet.has(t))) return false;
    if (f.tags?.all?.length && !f.tags.all.every((t) => tagSet.has(t))) return false;
    if (f.tags?.none?.length && f.tags.none.some((t) => tagSet.has(t))) return false;
    if (f.statusLabels?.length && !f.statusLabels.includes(c.statusLabelUID)) return false;
    if (f.sources?.length && !f.sources.some((x) => c.sources.includes(x))) return false;
    if (f.createdAt && !inRange(c.createdAt, f.createdAt)) return false;
    if (f.lastActivityAt && !inRange(c.lastActivityAt, f.lastActivityAt)) return false;
    if (f.GTIDs && !f.GTIDs.includes(c.gtid)) return false;
    if (f.hasEmail !== undefined && !!c.emailAddress !== f.hasEmail) return false;
    if (f.hasPhone !== undefined && !!c.phoneNumber !== f.hasPhone) return false;
    if (f.dealValue?.min !== undefined && dealValue(c) < f.dealValue.min) return false;
    if (f.dealValue?.max !== undefined && dealValue(c) > f.dealValue.max) return false;
    return true;
  });

  const sort = effectiveSort(req);
  const labelOf = new Map(seed.labels.map((l) => [l.labelUID, l.display.toLowerCase()]));
  const stageIdx = (c: SeedContact) => {
    const p = c.placements.find((x) => x.pipelineUID === pipelineUID);
    const pl = seed.pipelines.find((x) => x.pipelineUID === pipelineUID);
    return p && pl ? pl.stages.find((st) => st.stageUID === p.stageUID)!.idx : -1;
  };
  const nameKey = (c: SeedContact) =>
    (c.fullName || `${c.firstName} ${c.lastName}`.trim()).toLowerCase();
  const key = (c: SeedContact): string | number => {
    switch (sort.field) {
      case 'relevance': {
        const names = ` ${c.firstName} ${c.lastName} ${c.fullName}`.toLowerCase();
        const rank = tokens.every((t) => names.includes(` ${t}`))
          ? '0'
          : tokens.every((t) => c.doc.includes(` ${t}`))
            ? '1'
            : '2';
        return rank + nameKey(c);
      }
      case 'name':
        return nameKey(c);
      case 'email':
        return (c.emailAddress ?? '').toLowerCase();
      case 'phone':
        return (c.phoneNumber ?? '').replace(/[^0-9]/g, '');
      case 'source':
        return c.sources[0] ?? '';
      case 'statusLabel':
        return c.statusLabelUID ? (labelOf.get(c.statusLabelUID) ?? '') : '';
      case 'createdAt':
        return c.createdAt;
      case 'lastActivityAt':
        return c.lastActivityAt ?? -Infinity;
      case 'stage':
        return stageIdx(c);
      case 'dealValue':
        return dealValue(c);
    }
  };
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  // Relevance "desc" is best first: ascending on its rank key.
  const sign = (sort.direction === 'asc') !== (sort.field === 'relevance') ? 1 : -1;
  const ordered = [...matches].sort((a, b) => sign * (cmp(key(a), key(b)) || cmp(a.gtid, b.gtid)));
  return { gtids: ordered.map((c) => c.gtid), pipelineUID };
}
