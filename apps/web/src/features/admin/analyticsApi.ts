import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsEventsAnswer } from '@leadloom/core';
import { api } from '../../lib/api';
import { analyticsQuery } from './analyticsView';

/** GET /api/admin/analytics?limit=&name= — stored analytics events, newest first. */
export function useAnalyticsEvents(limit: number, name: string) {
  const query = analyticsQuery(limit, name);
  return useQuery({
    queryKey: ['admin', 'analytics', query] as const,
    queryFn: ({ signal }) =>
      api.get<AnalyticsEventsAnswer>('/api/admin/analytics', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
