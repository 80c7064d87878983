import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-client';
import { memberChangeKey, refreshMemberData } from './member-keys';

/**
 * A member change of one space: marked with the space's change key while it runs (MEM-047),
 * and followed by the refresh of the members page's data when it changed something (MEM-046).
 */
export function useMemberMutation<Input, Output>(
  workspaceId: string,
  mutationFn: (input: Input) => Promise<Output>,
  { changed = () => true }: { changed?: (output: Output) => boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Output, ApiError, Input>({
    mutationKey: memberChangeKey(workspaceId),
    mutationFn,
    onSuccess: async (output) => {
      if (changed(output)) await refreshMemberData(queryClient, workspaceId);
    },
  });
}
