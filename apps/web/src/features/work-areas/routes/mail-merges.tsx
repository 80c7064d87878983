import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSpace } from '../../spaces';
import { PlaceholderPage } from '../components/placeholder-page';

/** ROUTE-010: the Sent and Scheduled tabs; the lists arrive with the mail merges issue. */
export function Component() {
  const { prefix } = useSpace();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.startsWith(paths.space.scheduled.getHref(prefix)) ? 'scheduled' : 'sent';
  return (
    <PlaceholderPage title="Mail merges" note="The list of your mail merges arrives soon.">
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(
            value === 'scheduled' ? paths.space.scheduled.getHref(prefix) : paths.space.sent.getHref(prefix),
          )
        }
      >
        <Tabs.List>
          <Tabs.Tab value="scheduled">Scheduled</Tabs.Tab>
          <Tabs.Tab value="sent">Sent</Tabs.Tab>
        </Tabs.List>
      </Tabs>
    </PlaceholderPage>
  );
}
