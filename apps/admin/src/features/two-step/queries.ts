import { queryOptions } from '@tanstack/react-query';
import { adminApi } from '../../api.ts';

/** The member's two-step sign-in: on or off, required by the shop, recovery codes left. */
export const twoStepStatusQuery = queryOptions({
  queryKey: ['admin', 'two-step', 'status'],
  queryFn: ({ signal }) => adminApi.twoStep.status({ signal }),
});

/** Whether the shop requires two-step sign-in of every member of staff (admins). */
export const twoStepPolicyQuery = queryOptions({
  queryKey: ['admin', 'two-step', 'policy'],
  queryFn: ({ signal }) => adminApi.twoStep.policy({ signal }),
});

/**
 * A new secret for the authenticator app. Started once per setup screen (a query, so a re-render does not start
 * another), dropped as soon as the screen closes: a later screen starts afresh, replacing the unconfirmed one.
 */
export const twoStepEnrolmentQuery = queryOptions({
  queryKey: ['admin', 'two-step', 'enrolment'],
  queryFn: () => adminApi.twoStep.start(),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});
