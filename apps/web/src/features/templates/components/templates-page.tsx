import {
  Alert,
  Anchor,
  AspectRatio,
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
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { COMPOSE_PERMISSION_REQUIRED, type Template } from '@mergeboard/core';
import { env } from '../../../config/env';
import type { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useIsMobile } from '../../../ui/use-is-mobile';
import { errorAlert, useAlerts } from '../../alerts';
import { composePermissionOutcome, useAuth } from '../../auth';
import { useSpace } from '../../spaces';
import { useCreateDraft, useStoredDraft, useTemplates } from '../api/templates';
import {
  gmailDraftUrl,
  savePendingImport,
  takePendingImport,
  useTemplateDrafts,
  type ImportedDraft,
} from '../template-drafts';

const MOBILE_TEMPLATES_TEXT = 'To use one of these templates, please visit the desktop version.';
const DRAFT_FAILED_TEXT = 'Gmail draft could not be created';
const draftCreatedText = (subject: string) => `${subject} Gmail draft created`;
/**
 * TPL-005: the compose permission was not given (denied, or the trip failed). The spec only says
 * 'Failed auth shows an error'; this text is ours.
 */
const COMPOSE_FAILED_ALERT = {
  title: 'Permission to compose mail was not granted',
  message: `${env.productName} needs your permission to compose mail to import a template as a Gmail draft. Click Import to ask again.`,
} as const;

const needsComposePermission = (error: ApiError) =>
  error.status === 403 && error.code === COMPOSE_PERMISSION_REQUIRED;

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
          display="block"
          component={Link}
          to={`${controls.base}/${template.id}`}
          aria-label={`Preview ${template.subject}`}
        >
          {/* The thumbnails are 320×200: shown whole at their own 16:10 shape, never cropped. */}
          <AspectRatio ratio={16 / 10} bg="gray.0">
            <Image src={template.thumbnail} alt="" fit="contain" />
          </AspectRatio>
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

/**
 * TPL-001 TPL-002 TPL-003 TPL-004 TPL-005 TPL-006 TPL-007 TPL-008 TPL-009: the gallery; `{templates}/{id}`
 * opens the preview dialog (TPL-002).
 */
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
  const { requestComposePermission } = useAuth();
  const location = useLocation();
  /** The template whose import is on its way to the compose permission page (the button spins). */
  const [askingFor, setAskingFor] = useState<string | null>(null);

  /**
   * TPL-004: without the compose permission the server answers compose_permission_required; the
   * browser then goes to grant it and comes back here. A resumed import that is refused again
   * (the person did not tick the permission at the provider) shows the error instead of asking
   * in a loop.
   */
  const onImport = (template: Template, { resumed = false }: { resumed?: boolean } = {}) => {
    createDraft.mutate(
      { userId: user.userId, templateId: template.id },
      {
        onSuccess: (draft) => {
          remember(template.id, draft);
          showAlert({ kind: 'create', message: draftCreatedText(template.subject), path: base });
          if (templateId) void navigate(base);
        },
        onError: (error) => {
          if (needsComposePermission(error) && !resumed) {
            setAskingFor(template.id);
            savePendingImport(user.userId, template.id);
            requestComposePermission({
              continueTo: location.pathname + location.search,
              loginHint: user.userEmail,
            });
            return;
          }
          showAlert(
            needsComposePermission(error)
              ? errorAlert(COMPOSE_FAILED_ALERT, base)
              : { kind: 'error', message: DRAFT_FAILED_TEXT, path: base },
          );
          if (templateId) void navigate(base);
        },
      },
    );
  };

  /**
   * Back from the compose permission page (AUTH-019): on success the refused import runs again
   * by itself — the person already clicked Import once, and the draft is what they asked for;
   * on failure the error banner shows (TPL-005) and nothing runs. Either way the outcome is
   * dropped from the history entry, so a reload or Back does not replay it.
   */
  const composeOutcome = composePermissionOutcome(location.state);
  const handledReturn = useRef(false);
  const onComposeReturn = useEffectEvent(() => {
    if (!composeOutcome || handledReturn.current) return;
    // Wait for the gallery to find the template to import.
    if (composeOutcome === 'granted' && templates.isPending) return;
    handledReturn.current = true;
    const pending = takePendingImport(user.userId);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    if (composeOutcome === 'failed') {
      showAlert(errorAlert(COMPOSE_FAILED_ALERT));
      return;
    }
    const template = templates.data?.items.find((item) => item.id === pending);
    if (template && !isMobile && !drafts[template.id]) onImport(template, { resumed: true });
  });
  useEffect(() => onComposeReturn(), [composeOutcome, templates.isPending]);

  const importing = createDraft.isPending ? (createDraft.variables?.templateId ?? null) : askingFor;
  const controls: ImportControls = {
    isMobile,
    drafts,
    importing,
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
