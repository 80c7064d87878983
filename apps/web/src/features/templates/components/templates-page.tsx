import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Template } from '@mergeboard/core';
import { usePageTitle } from '../../../lib/page-title';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { useAlerts } from '../../alerts';
import { useSpace } from '../../spaces';
import { useCreateDraft, useStoredDraft, useTemplates } from '../api/templates';
import { gmailDraftUrl, useTemplateDrafts, type ImportedDraft } from '../template-drafts';

export const MOBILE_TEMPLATES_TEXT = 'To use one of these templates, please visit the desktop version.';
export const DRAFT_FAILED_TEXT = 'Gmail draft could not be created';
export const draftCreatedText = (subject: string) => `${subject} Gmail draft created`;

function OpenDraft({ templateId, draft, base }: { templateId: string; draft: ImportedDraft; base: string }) {
  if (draft.provider === 'GMAIL') {
    return (
      <Button
        component="a"
        href={gmailDraftUrl(draft.messageId)}
        target="_blank"
        rel="noreferrer"
        variant="light"
      >
        Open
      </Button>
    );
  }
  // The embedded shape keeps the draft in Mergeboard: Open shows it in the preview dialog.
  return (
    <Button
      component={Link}
      to={`${base}/${templateId}?draft=${encodeURIComponent(draft.messageId)}`}
      variant="light"
    >
      Open
    </Button>
  );
}

interface ImportControls {
  isMobile: boolean;
  drafts: Record<string, ImportedDraft>;
  importing: string | null;
  onImport: (template: Template) => void;
  base: string;
}

function ImportAction({ template, controls }: { template: Template; controls: ImportControls }) {
  if (controls.isMobile) return null; // PERM-035: import is desktop only.
  const draft = controls.drafts[template.id];
  if (draft) return <OpenDraft templateId={template.id} draft={draft} base={controls.base} />;
  return (
    <Button
      onClick={() => controls.onImport(template)}
      loading={controls.importing === template.id}
      disabled={controls.importing !== null && controls.importing !== template.id}
      aria-label={`Import ${template.subject}`}
    >
      Import
    </Button>
  );
}

function TemplateCard({ template, controls }: { template: Template; controls: ImportControls }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="template-card">
      <Card.Section>
        <UnstyledButton
          component={Link}
          to={`${controls.base}/${template.id}`}
          aria-label={`Preview ${template.subject}`}
        >
          <Image src={template.thumbnail} alt="" h={160} fit="cover" />
        </UnstyledButton>
      </Card.Section>
      <Stack gap="sm" mt="sm">
        <Text fw={600} lineClamp={2}>
          {template.subject}
        </Text>
        <Group justify="flex-end">
          <ImportAction template={template} controls={controls} />
        </Group>
      </Stack>
    </Card>
  );
}

function StoredDraftView({ userId, draftId }: { userId: string; draftId: string }) {
  const draft = useStoredDraft(userId, draftId);
  if (draft.isPending) return <Skeleton height={120} />;
  if (draft.isError) return <Alert color="red">This draft could not be found.</Alert>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Your draft, kept by Mergeboard (this server does not write to Gmail).
      </Text>
      <Text fw={600}>{draft.data.subject}</Text>
      <iframe
        title="Draft"
        sandbox=""
        srcDoc={draft.data.body}
        style={{ width: '100%', height: 400, border: 0 }}
      />
    </Stack>
  );
}

/** TPL-001..009: the gallery; `{templates}/{id}` opens the preview dialog (TPL-002). */
export function TemplatesPage() {
  usePageTitle('Templates');
  const { prefix, user } = useSpace();
  const base = `${prefix}/templates`;
  const { templateId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const templates = useTemplates();
  const createDraft = useCreateDraft();
  const { drafts, remember } = useTemplateDrafts(user.userId);
  const { showAlert } = useAlerts();

  const onImport = (template: Template) => {
    createDraft.mutate(
      { userId: user.userId, templateId: template.id },
      {
        onSuccess: (draft) => {
          remember(template.id, draft);
          showAlert({ kind: 'create', message: draftCreatedText(template.subject), path: base });
          if (templateId) void navigate(base);
        },
        onError: () => {
          showAlert({ kind: 'error', message: DRAFT_FAILED_TEXT, path: base });
          if (templateId) void navigate(base);
        },
      },
    );
  };
  const controls: ImportControls = {
    isMobile,
    drafts,
    importing: createDraft.isPending ? (createDraft.variables?.templateId ?? null) : null,
    onImport,
    base,
  };
  const open = templateId ? templates.data?.items.find((template) => template.id === templateId) : undefined;
  const draftId = search.get('draft');

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Templates
      </Title>
      {isMobile && <Text>{MOBILE_TEMPLATES_TEXT}</Text>}
      {templates.isError && <Alert color="red">The templates could not be loaded.</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {templates.isPending &&
          Array.from({ length: 6 }, (_, index) => <Skeleton key={index} height={240} radius="md" />)}
        {templates.data?.items.map((template) => (
          <TemplateCard key={template.id} template={template} controls={controls} />
        ))}
      </SimpleGrid>
      <Modal
        opened={Boolean(templateId) && templates.isSuccess}
        onClose={() => void navigate(base)}
        title={open?.subject ?? 'Template'}
        size="xl"
      >
        {open ? (
          <Stack gap="md">
            {draftId ? (
              <StoredDraftView userId={user.userId} draftId={draftId} />
            ) : (
              <iframe
                title="Template preview"
                sandbox=""
                srcDoc={open.preview}
                style={{ width: '100%', height: 480, border: 0 }}
              />
            )}
            <Group justify="space-between">
              <Anchor component={Link} to={base} size="sm">
                Back to templates
              </Anchor>
              <ImportAction template={open} controls={controls} />
            </Group>
          </Stack>
        ) : (
          <Text>This template does not exist.</Text>
        )}
      </Modal>
    </Stack>
  );
}
