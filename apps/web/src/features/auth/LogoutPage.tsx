import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullScreenLoader } from '../../app/loader';
import { api } from '../../lib/api';

/** /logout: ends the session, forgets everything cached, and goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice in development; one sign-out is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .signOut()
      .catch((error: unknown) => console.error('Sign-out failed', error))
      .finally(() => {
        queryClient.clear();
        void navigate('/login', { replace: true });
      });
  }, [navigate, queryClient]);

  return <FullScreenLoader />;
}
