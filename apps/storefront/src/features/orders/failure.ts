import { AppError, Code } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { SHOPPER_KEY } from '../session/use-shopper.ts';
import { reportFailure } from '../toast/report.ts';

/**
 * The failure handler of the shopper's own actions: a session that ended meanwhile (401) forgets the shopper,
 * so the page's guard sends them to log in and back; anything else is reported as usual.
 */
export function useReportFailure(): (error: unknown) => void {
  const queryClient = useQueryClient();
  return (error) => {
    if (error instanceof AppError && error.code === Code.unauthorized) {
      queryClient.setQueryData(SHOPPER_KEY, null);
    } else {
      reportFailure(error);
    }
  };
}
