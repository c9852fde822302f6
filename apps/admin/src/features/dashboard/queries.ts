import { queryOptions } from '@tanstack/react-query';
import type {
  Analysis,
  AnalysisQueryInput,
  Goal,
  MonitorSnapshot,
  StaffPerson,
  Workplace,
} from '@shop/contract';
import { Code } from '@shop/contract';
import { adminApi } from '../../api.ts';

/** The dashboard's queries (`['admin', 'dashboard', …]`); goals are `['admin', 'goals', …]`. */
export const analysisQuery = (query: AnalysisQueryInput) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', 'analysis', query],
    queryFn: ({ signal }) =>
      adminApi.http.get<Analysis>('/admin/dashboard/analysis', { ...query }, { signal }),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });

export const workplaceQuery = queryOptions({
  queryKey: ['admin', 'dashboard', 'workplace'],
  queryFn: ({ signal }) => adminApi.http.get<Workplace>('/admin/dashboard/workplace', undefined, { signal }),
  refetchInterval: 60_000,
});

export const monitorSnapshotQuery = queryOptions({
  queryKey: ['admin', 'dashboard', 'monitor'],
  queryFn: ({ signal }) => adminApi.http.get<MonitorSnapshot>('/admin/monitor', undefined, { signal }),
  // The stream keeps the page current; the snapshot is read again only when the stream says so.
  staleTime: Infinity,
});

export const goalQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'goals', id],
    queryFn: ({ signal }) =>
      adminApi.http.get<Goal>(`/admin/goals/${encodeURIComponent(id)}`, undefined, {
        signal,
        handles: [Code.notFound],
      }),
    retry: false,
  });

export const staffPeopleQuery = queryOptions({
  queryKey: ['admin', 'goals', 'people'],
  queryFn: ({ signal }) => adminApi.http.get<StaffPerson[]>('/admin/goals/people', undefined, { signal }),
  staleTime: 5 * 60_000,
});
