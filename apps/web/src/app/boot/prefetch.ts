/**
 * The board's first data, asked for before React and the app's code have loaded (issue 6:
 * first cards painted within 1 s of navigation). main.tsx calls `startPrefetch` first thing, so
 * on a board address the identity token, /api/me, then this tab's team's validation info, board
 * and pipeline list are on their way while the browser is still parsing the app; otherwise they
 * would wait for React's first render, and the board for the guard and the pipeline list.
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

export interface TeamPrefetch {
  teamUID: string;
  validationInfo: Promise<ValidationInfo>;
  pipelines: Promise<PipelineSummary[]>;
  /**
   * The board shown at this address (the URL's pipeline, else the default one), as soon as its
   * pipeline is known (at once when the URL names it); `answer` is its first pages.
   */
  board: Promise<{ groupUID: string; answer: Promise<Board> } | null>;
}

export interface Prefetched {
  /** GET /api/me as `fetchMe` answers it (null: no session). */
  me: Promise<Me | null>;
  /** This tab's team's requests, once /api/me has named the team (null: none made). */
  team: Promise<TeamPrefetch | null>;
}

let started: Prefetched | null = null;

/**
 * localStorage key of the team the last board load of this browser opened in. A new tab has no
 * team of its own yet (tabTeam.ts) and would wait for /api/me to name one; with this guess its
 * board's requests leave alongside /api/me, and are used only when /api/me names that team.
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

/**
 * Starts the board's requests when this page is a board; no-op elsewhere or when started.
 * Resolves once the requests that need only the identity token are on their way (at once when
 * none were started): main.tsx evaluates the app's big chunk after that, so the token's answer
 * is not left waiting behind it to send them.
 */
export function startPrefetch(pathname = window.location.pathname): Promise<void> {
  const place = parseBoardPath(pathname);
  if (started || !place) return Promise.resolve();
  const me = api.get<Me>('/api/me').catch((error: unknown) => {
    if (isApiError(error) && error.httpStatus === 401) return null;
    throw error;
  });
  const last = lastTeam();
  const guess = tabTeamSlot.get() ?? last.get();
  const early = guess ? teamRequests(guess, place.pipelineID) : null;
  const team = me.then((user): TeamPrefetch | null => {
    const teamUID = resolveTabTeam(tabTeamSlot.get(), user);
    if (!teamUID) return null;
    last.set(teamUID);
    return early?.teamUID === teamUID ? early : teamRequests(teamUID, place.pipelineID);
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

/** A team's requests for the board at this address (`pipelineID` null: the default one). */
function teamRequests(teamUID: string, pipelineID: string | null): TeamPrefetch {
  // The guard waits for the validation info before any screen shows: ask for it first.
  const validationInfo = api.get<ValidationInfo>(
    `/api/teams/${encodeURIComponent(teamUID)}/validation-info`,
  );
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
  return { teamUID, validationInfo, pipelines, board };
}

/** What `startPrefetch` started (null when it did not run), handed over once. */
export function takePrefetched(): Prefetched | null {
  const taken = started;
  started = null;
  return taken;
}
