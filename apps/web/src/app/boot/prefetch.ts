/**
 * The board's and the table's first data, asked for before React and the app's code have loaded
 * (issue 6: first cards painted within 1 s of navigation; issue 7: first table rows within
 * 1 s). main.tsx calls `startPrefetch` first thing, so on a board address the identity token,
 * /api/me, then this tab's team's validation info, board and pipeline list are on their way
 * while the browser is still parsing the app; on a table address (`/contacts/table/...`) the
 * first `/v2` page for the address's filter and sort takes the board's place. Otherwise they
 * would wait for React's first render, and the board or table for the guard and its chunk.
 * `seedPrefetched` (seedPrefetch.ts) hands the answers to the query client.
 *
 * Kept light on purpose (no React, no query client): it is part of the entry chunk.
 */
import { api, isApiError } from '../../lib/api';
import type { Me } from '../../features/session/me';
import type { ValidationInfo } from '../../features/session/validationInfo';
import { defaultPipeline } from '../../features/pipeline/board';
import { fetchBoard, fetchPipelines, parseBoardPath } from '../../features/pipeline/requests';
import type { Board, PipelineSummary } from '../../features/pipeline/types';
import { resolveTabTeam, tabTeamSlot } from '../../features/session/tabTeam';
import { fetchTablePage, parseTablePath } from '../../features/table/requests';
import { queryFromUrl, type TableQuery } from '../../features/table/tableState';
import type { SearchAnswer } from '@leadloom/core';

export interface TeamPrefetch {
  teamUID: string;
  validationInfo: Promise<ValidationInfo>;
  pipelines: Promise<PipelineSummary[]>;
  /**
   * The board shown at this address (the URL's pipeline, else the default one), as soon as its
   * pipeline is known (at once when the URL names it); `answer` is its first pages.
   */
  board: Promise<{ groupUID: string; answer: Promise<Board> } | null>;
  /** On a table address: its query (as `queryFromUrl` reads it) and the first `/v2` page. */
  table: { query: TableQuery; answer: Promise<SearchAnswer> } | null;
}

/** What the address shows: a board (its pipeline, null: the default one) or the table. */
type Place = { board: string | null } | { table: TableQuery };

export interface Prefetched {
  /** GET /api/me as `fetchMe` answers it (null: no session). */
  me: Promise<Me | null>;
  /** This tab's team's requests, once /api/me has named the team (null: none made). */
  team: Promise<TeamPrefetch | null>;
}

let started: Prefetched | null = null;

/**
 * localStorage key of the team the last board or table load of this browser opened in. A new
 * tab has no team of its own yet (tabTeam.ts) and would wait for /api/me to name one; with this
 * guess its board's (or table's) requests leave alongside /api/me, and are used only when
 * /api/me names that team.
 */
export const LAST_TEAM_KEY = 'leadloom.lastBoardTeam';

function lastTeam(): { get(): string | null; set(teamUID: string): void } {
  const storage = (() => {
    try {
      return typeof window === 'undefined' ? null : window.localStorage;
    } catch {
      return null;
    }
  })();
  return {
    get: () => {
      try {
        return storage?.getItem(LAST_TEAM_KEY) ?? null;
      } catch {
        return null;
      }
    },
    set: (teamUID) => {
      try {
        storage?.setItem(LAST_TEAM_KEY, teamUID);
      } catch {
        // private mode or full: the next load waits for /api/me
      }
    },
  };
}

function placeOf(pathname: string, search: string): Place | null {
  const board = parseBoardPath(pathname);
  if (board) return { board: board.pipelineID };
  const table = parseTablePath(pathname);
  if (table) return { table: queryFromUrl(table.pipelineID ?? undefined, search) };
  return null;
}

/**
 * Starts the board's (or table's) requests when this page is one; no-op elsewhere or when started.
 * Resolves once the requests that need only the identity token are on their way (at once when
 * none were started): main.tsx evaluates the app's big chunk after that, so the token's answer
 * is not left waiting behind it to send them.
 */
export function startPrefetch(
  pathname = window.location.pathname,
  search = window.location?.search ?? '',
): Promise<void> {
  const place = placeOf(pathname, search);
  if (started || !place) return Promise.resolve();
  const me = api.get<Me>('/api/me').catch((error: unknown) => {
    if (isApiError(error) && error.httpStatus === 401) return null;
    throw error;
  });
  const last = lastTeam();
  const guess = tabTeamSlot.get() ?? last.get();
  const early = guess ? teamRequests(guess, place) : null;
  const team = me.then((user): TeamPrefetch | null => {
    const teamUID = resolveTabTeam(tabTeamSlot.get(), user);
    if (!teamUID) return null;
    last.set(teamUID);
    return early?.teamUID === teamUID ? early : teamRequests(teamUID, place);
  });
  // Failures are the screens' to show: they ask again when a prefetched request failed.
  for (const p of [me, team]) p.catch(() => undefined);
  started = { me, team };
  // Called after /api/me and the early requests asked for the token: its waiters run first.
  return api.identityToken().then(
    () => undefined,
    () => undefined,
  );
}

/** A team's requests for the board or table at this address. */
function teamRequests(teamUID: string, place: Place): TeamPrefetch {
  // The guard waits for the validation info before any screen shows: ask for it first.
  const validationInfo = api.get<ValidationInfo>(
    `/api/teams/${encodeURIComponent(teamUID)}/validation-info`,
  );
  if ('table' in place) {
    const answer = fetchTablePage(teamUID, place.table, null);
    const pipelines = fetchPipelines(teamUID);
    for (const p of [validationInfo, answer, pipelines]) p.catch(() => undefined);
    return {
      teamUID,
      validationInfo,
      pipelines,
      board: Promise.resolve(null),
      table: { query: place.table, answer },
    };
  }
  const pipelineID = place.board;
  const boardOf = (groupUID: string) => {
    const answer = fetchBoard(teamUID, groupUID);
    answer.catch(() => undefined);
    return { groupUID, answer };
  };
  const named = pipelineID ? boardOf(pipelineID) : null;
  const pipelines = fetchPipelines(teamUID);
  const board = named
    ? Promise.resolve(named)
    : pipelines.then((list) => {
        const groupUID = defaultPipeline(list)?.groupUID;
        return groupUID ? boardOf(groupUID) : null;
      });
  for (const p of [validationInfo, pipelines, board]) p.catch(() => undefined);
  return { teamUID, validationInfo, pipelines, board, table: null };
}

/** What `startPrefetch` started (null when it did not run), handed over once. */
export function takePrefetched(): Prefetched | null {
  const taken = started;
  started = null;
  return taken;
}
