/**
 * Runs the boot (bootLoop.ts) for the signed-in user and this tab's team, and exposes its load
 * state to the guard. One boot per user and team, kept outside React so re-renders and
 * remounts of the guard neither restart it nor count the landing event twice.
 */
import { TIMINGS, type LoadState } from '@leadloom/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { tellExtensionSignedOut } from '../../features/extension/presence';
import { meQueryKey, fetchMe, type Me } from '../../features/session/me';
import { tabTeamSlot } from '../../features/session/tabTeam';
import { fetchValidationInfo, validationInfoKey } from '../../features/session/validationInfo';
import { identifyUser, recordLanding } from './analytics';
import { runBootLoop, type BootLoader } from './bootLoop';
import {
  fetchTeamData,
  fetchUnseenNotifications,
  teamDataKey,
  unseenNotificationsKey,
} from './teamData';

interface Boot {
  state: LoadState;
  cancelled: boolean;
}

const boots = new Map<string, Boot>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Forgets every boot (the user disappeared); running loops stop at their next check. */
export function resetBoots() {
  for (const boot of boots.values()) boot.cancelled = true;
  boots.clear();
  emit();
}

/** Signs out after a failed boot or a missing user, then /login after 0.5 s (SPEC §4, §8). */
export async function signOutToLogin(queryClient: QueryClient, goToLogin: () => void) {
  await tellExtensionSignedOut();
  await api.signOut().catch((error: unknown) => console.error('Sign-out failed', error));
  // The app forgets the user as it leaves for /login, not before: forgotten at once, the screens
  // still mounted ask for the user again, find none, and the guard sends a visitor to /login
  // straight away instead of after the pause SPEC §4 gives.
  setTimeout(() => {
    queryClient.clear();
    tabTeamSlot.set(null);
    resetBoots();
    goToLogin();
  }, TIMINGS.signOutRedirectMs);
}

function loadersFor(queryClient: QueryClient, teamUID: string | null): BootLoader[] {
  // fetchQuery fills the same cache the screens read; retry: false because the loop itself
  // retries once per pass.
  const fetch = <T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) =>
    queryClient.fetchQuery({ queryKey, queryFn, retry: false, staleTime: 30_000 });
  const loaders: BootLoader[] = [
    {
      name: 'user data',
      half: 'min',
      keys: ['user'],
      load: () => fetch(meQueryKey, () => fetchMe()),
    },
  ];
  if (teamUID === null) {
    // No team: nothing to wait for; "no subscription" is the guard's canceled status.
    loaders.push({
      name: 'no team',
      half: 'min',
      keys: ['members', 'subscription'],
      load: () => Promise.resolve(),
    });
    return loaders;
  }
  loaders.push(
    {
      name: 'validation info',
      half: 'min',
      keys: ['members', 'subscription'],
      load: () => fetch(validationInfoKey(teamUID), () => fetchValidationInfo(teamUID)),
    },
    {
      name: 'team data',
      half: 'full',
      keys: [
        'aiContext',
        'statusOptions',
        'categories',
        'types',
        'tagSets',
        'pipelineSummary',
        'phases',
      ],
      load: () => fetch(teamDataKey(teamUID), () => fetchTeamData(teamUID)),
    },
    {
      name: 'unseen notifications',
      half: 'full',
      keys: [],
      load: () => fetch(unseenNotificationsKey, fetchUnseenNotifications),
    },
  );
  return loaders;
}

/**
 * The load state of this user's boot in `teamUID` ('none' while nobody is signed in). Starts
 * the boot on first use, records the landing event and the identify call once, signs out when
 * the boot gives up, and resets 1 s after the user disappears.
 */
export function useBoot(user: Me | null, teamUID: string | null): LoadState {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = user ? `${user.uid}|${teamUID ?? ''}` : null;
  const state = useSyncExternalStore(
    subscribe,
    () => (key ? (boots.get(key)?.state ?? 'none') : 'none'),
    () => 'none' as const,
  );

  useEffect(() => {
    if (!user || !key || boots.has(key)) return;
    const boot: Boot = { state: 'none', cancelled: false };
    boots.set(key, boot);
    identifyUser(user);
    recordLanding(user.uid, teamUID, location.pathname);
    void runBootLoop({
      loaders: loadersFor(queryClient, teamUID),
      isCancelled: () => boot.cancelled,
      onState: (next) => {
        boot.state = next;
        emit();
      },
    }).then((outcome) => {
      if (outcome.kind !== 'sign-out' || boot.cancelled) return;
      console.error('Boot: the data never loaded; signing out', { uid: user.uid, teamUID });
      void signOutToLogin(queryClient, () => void navigate('/login', { replace: true }));
    });
  }, [key, user, teamUID, queryClient, navigate]);

  // SPEC §4: when the user state disappears, reset after 1 s (a sign-in in between keeps it).
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) return;
    const timer = setTimeout(resetBoots, TIMINGS.stateResetMs);
    return () => clearTimeout(timer);
  }, [signedIn]);

  return state;
}
