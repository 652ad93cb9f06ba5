import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { safeNextPath } from '@leadloom/core';
import { useNavigate, useSearchParams } from 'react-router';
import { FullScreenLoader } from '../../app/loader';
import { api } from '../../lib/api';
import { tellExtensionSignedOut } from '../extension/presence';
import { tabTeamSlot } from '../session/tabTeam';

/** /logout: ends the session, forgets everything cached, and goes to `next` or /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'), '/login');
  const queryClient = useQueryClient();
  // StrictMode runs effects twice in development; one sign-out is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    tellExtensionSignedOut()
      .then(() => api.signOut())
      .catch((error: unknown) => console.error('Sign-out failed', error))
      .finally(() => {
        queryClient.clear();
        tabTeamSlot.set(null);
        void navigate(next, { replace: true });
      });
  }, [navigate, queryClient, next]);

  return <FullScreenLoader />;
}
