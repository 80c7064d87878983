import { Anchor, Button, Group, List, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { DashboardPath } from './dashboard-path';

/**
 * The instruction video's still: no video file ships with the app (ONB-013), so the looping,
 * muted <video> shows this illustration of the Extensions menu as its poster.
 */
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const POSTER = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360">
  <rect width="640" height="360" fill="#f8f9fa"/>
  <rect x="0" y="0" width="640" height="44" fill="#ffffff"/>
  <rect x="20" y="14" width="60" height="16" rx="4" fill="#0f9d58"/>
  <text x="110" y="27" font-family="sans-serif" font-size="14" fill="#495057">File   Edit   View   Insert   Format   Data   Tools</text>
  <text x="430" y="27" font-family="sans-serif" font-size="14" font-weight="bold" fill="#364fc7">Extensions</text>
  <g fill="#dee2e6">${Array.from({ length: 9 }, (_, row) => `<rect x="20" y="${64 + row * 30}" width="600" height="1"/>`).join('')}</g>
  <rect x="420" y="40" width="200" height="120" rx="6" fill="#ffffff" stroke="#ced4da"/>
  <text x="436" y="70" font-family="sans-serif" font-size="13" fill="#495057">Add-ons</text>
  <text x="436" y="100" font-family="sans-serif" font-size="13" font-weight="bold" fill="#212529">${escapeXml(env.productName)}</text>
  <rect x="430" y="114" width="180" height="30" rx="4" fill="#edf2ff"/>
  <text x="444" y="134" font-family="sans-serif" font-size="13" fill="#364fc7">Start Mail Merge</text>
</svg>`,
)}`;

/**
 * Onboarding step 3 (ONB-012 ONB-013 ONB-014 ONB-015), then the dashboard's own way to send, which
 * needs no add-on (issue 24).
 */
export function StepFirstMerge() {
  const { productName } = env;
  return (
    <Stack gap="lg" maw={640} mx="auto">
      <Title order={1}>Open Google Sheets to launch {productName}</Title>
      <List type="ordered" spacing="xs">
        <List.Item>Open the Extensions menu of your spreadsheet.</List.Item>
        <List.Item>Choose {productName}, the add-on you just installed.</List.Item>
        <List.Item>Click Start Mail Merge.</List.Item>
      </List>
      <video
        loop
        muted
        autoPlay
        playsInline
        poster={POSTER}
        aria-label={`How to launch ${productName} from the Extensions menu`}
        style={{ width: '100%', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
      />
      <Group justify="space-between">
        <Button component="a" href={env.sheetsUrl} target="_blank" rel="noopener noreferrer">
          Open Google Sheets
        </Button>
        <Anchor component={Link} to={paths.home.getHref()}>
          {`Take me to my ${productName} dashboard`}
        </Anchor>
      </Group>
      <DashboardPath />
    </Stack>
  );
}
