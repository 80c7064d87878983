import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { memberTypeOf, type SpaceAllowances, type SpaceMember } from '@mergeboard/core';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { pagedListProps } from '../../../ui/paged-list-props';
import { useSpace } from '../../spaces';
import { MEMBER_SORT_KEYS, useSpaceMembers } from '../api/list-members';
import { memberChangeKey } from '../api/member-keys';

/**
 * What both members pages share: the list in the URL (search, sort, page; unsorted by default so
 * pending members come after active ones, MEM-031), the selection, the success banner, whether a
 * member change is running (MEM-047), and the space's allowances the tooltips name.
 */
export function useMembersPage() {
  const { space, details } = useSpace();
  const workspaceId = space.workspaceId;
  const list = useListSearchParams(MEMBER_SORT_KEYS, null);
  const members = useSpaceMembers(workspaceId, { search: list.search, sort: list.sort, page: list.page });
  const [selected, setSelected] = useState<Map<string, SpaceMember>>(() => new Map());
  const [banner, setBanner] = useState<string | null>(null);
  const busy = useIsMutating({ mutationKey: memberChangeKey(workspaceId) }) > 0;
  const rows = members.data?.items ?? [];

  const allowances: SpaceAllowances = {
    workspacePlan: space.workspacePlan,
    domains: details?.workspaceDomains?.map((domain) => domain.domainName) ?? [],
    hasMultiDomain: details?.workspaceFeatures?.FREE.hasMultiDomain ?? false,
    freeAllowedUserCount: details?.workspaceFeatures?.FREE.allowedUserCount ?? -1,
  };
  const freeUsers = rows.filter(
    (member) => member.status !== 'DISABLED' && memberTypeOf(member) === 'FREE',
  ).length;

  return {
    list,
    members,
    paged: pagedListProps(members, list),
    selection: { selected, onChange: setSelected, disabled: busy },
    selected: [...selected.values()],
    clearSelection: () => setSelected(new Map()),
    banner,
    clearBanner: () => setBanner(null),
    /** MEM-046: a change went through: its banner shows and the drawer closes. */
    done: (text: string) => {
      setBanner(text);
      setSelected(new Map());
    },
    busy,
    allowances,
    freeUsers,
  };
}
