import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AliasDto } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { QrCodeCard } from '../events/QrCodeCard.tsx';
import { qrCallApi } from './api.ts';
import { qrFieldErrors, translateQrError } from './errors.ts';

const LIST_KEY = ['qr-calls', 'list'] as const;
const callLink = (name: string) => `${window.location.origin}/c/${encodeURIComponent(name)}`;

/** `datetime-local` value (local time) ⇄ ISO instant. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

async function listAll(): Promise<AliasDto[]> {
  const all: AliasDto[] = [];
  let after: string | null = null;
  // Spec §4: follow the after cursor until none remains.
  do {
    const page = await qrCallApi.list(after);
    all.push(...page.entries);
    after = page.metadata.after;
  } while (after);
  return all;
}

/** /app/qr-calls: the owner's QR call aliases, their agents and QR codes. */
export function QrCallsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: listAll });
  const [editing, setEditing] = useState<AliasDto | 'new' | null>(null);
  const [agentsOf, setAgentsOf] = useState<AliasDto | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('qrCall.manage.heading')}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('qrCall.manage.create')}
        </Button>
      </Group>
      <Text c="dimmed">{t('qrCall.manage.intro')}</Text>
      {list.isError && <Alert color="red">{t('qrCall.manage.loadFailed')}</Alert>}
      {list.data?.length === 0 && <Text>{t('qrCall.manage.empty')}</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data?.map((alias) => (
          <QrCallRow
            key={alias.id}
            alias={alias}
            onEdit={() => setEditing(alias)}
            onAgents={() => setAgentsOf(alias)}
          />
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('qrCall.manage.create')
            : t('qrCall.manage.edit', { title: editing.title })
        }
      >
        {editing !== null && (
          <QrCallForm
            alias={editing === 'new' ? null : editing}
            onDone={(saved) => {
              setEditing(null);
              if (editing === 'new') setAgentsOf(saved);
            }}
          />
        )}
      </Modal>
      <Modal
        opened={agentsOf !== null}
        onClose={() => setAgentsOf(null)}
        title={agentsOf ? t('qrCall.manage.agentsOf', { title: agentsOf.title }) : ''}
      >
        {agentsOf && <AgentsPanel alias={agentsOf} />}
      </Modal>
    </Stack>
  );
}

function QrCallRow({
  alias,
  onEdit,
  onAgents,
}: {
  alias: AliasDto;
  onEdit: () => void;
  onAgents: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // Read once per row: whether it is expired when the page shows it.
  const [now] = useState(() => Date.now());
  const expired = alias.expired_at !== null && Date.parse(alias.expired_at) <= now;
  const remove = useMutation({
    mutationFn: () => qrCallApi.remove(alias.id),
    onSuccess: async () => {
      toastSuccess(t('qrCall.manage.deleted'));
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
    onError: (error) => toastError(translateQrError(error, i18n)),
  });
  return (
    <Card component="li" withBorder aria-label={alias.title}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{alias.title}</Text>
            {expired && <Badge color="gray">{t('qrCall.manage.expired')}</Badge>}
          </Group>
          <Anchor href={callLink(alias.name)} target="_blank" size="sm">
            {callLink(alias.name)}
          </Anchor>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="light"
            leftSection={<IconUsers size={16} aria-hidden />}
            onClick={onAgents}
            aria-label={t('qrCall.manage.agentsOf', { title: alias.title })}
          >
            {t('qrCall.manage.agents')}
          </Button>
          <ActionIcon
            variant="subtle"
            onClick={onEdit}
            aria-label={t('qrCall.manage.edit', { title: alias.title })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(t('qrCall.manage.confirmDelete'))) remove.mutate();
            }}
            aria-label={t('qrCall.manage.delete', { title: alias.title })}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

function QrCallForm({
  alias,
  onDone,
}: {
  alias: AliasDto | null;
  onDone: (saved: AliasDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(alias?.title ?? '');
  const [name, setName] = useState(alias?.name ?? '');
  const [expires, setExpires] = useState(toLocalInput(alias?.expired_at ?? null));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title: title.trim(),
        ...(name.trim() && name.trim() !== alias?.name ? { name: name.trim() } : {}),
        expired_at: fromLocalInput(expires),
      };
      return alias ? qrCallApi.update({ id: alias.id, ...body }) : qrCallApi.create(body);
    },
    onSuccess: async (saved) => {
      toastSuccess(alias ? t('qrCall.manage.saved') : t('qrCall.manage.created'));
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
      onDone(saved);
    },
  });
  const fields = save.error ? qrFieldErrors(save.error, i18n) : {};
  const general = save.error && !Object.keys(fields).length;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('qrCall.manage.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={fields.title}
          required
          maxLength={200}
        />
        <TextInput
          label={t('qrCall.manage.link')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fields.name}
          maxLength={64}
        />
        <TextInput
          type="datetime-local"
          label={t('qrCall.manage.expiresAt')}
          description={t('qrCall.manage.expiresAtHint', { message: t('qrCall.messages.expired') })}
          value={expires}
          onChange={(e) => setExpires(e.currentTarget.value)}
          error={fields.expired_at}
        />
        {general && (
          <Alert color="red" role="alert">
            {translateQrError(save.error, i18n)}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending}>
          {t('qrCall.manage.save')}
        </Button>
      </Stack>
    </form>
  );
}

function AgentsPanel({ alias }: { alias: AliasDto }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['qr-calls', 'agents', alias.id];
  const agents = useQuery({ queryKey: key, queryFn: () => qrCallApi.agents(alias.id) });
  const [account, setAccount] = useState('');
  const add = useMutation({
    mutationFn: () => qrCallApi.addAgent(alias.id, account.trim()),
    onSuccess: async () => {
      setAccount('');
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => qrCallApi.removeAgent(alias.id, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => toastError(translateQrError(error, i18n)),
  });
  const addError = add.error
    ? (qrFieldErrors(add.error, i18n).account ?? translateQrError(add.error, i18n))
    : null;

  return (
    <Stack gap="md">
      <QrCodeCard
        link={callLink(alias.name)}
        alias={alias.name}
        alt={t('qrCall.manage.qrAlt', { title: alias.title })}
        downloadLabel={t('qrCall.manage.downloadQr')}
      />
      <Anchor href={callLink(alias.name)} target="_blank" ta="center">
        {t('qrCall.manage.openLink')}
      </Anchor>
      <Title order={2} size="h4">
        {t('qrCall.manage.agents')}
      </Title>
      {agents.data?.entries.length === 0 && <Text c="dimmed">{t('qrCall.manage.noAgents')}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {agents.data?.entries.map((agent) => (
          <Group key={agent.id} component="li" justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={500}>{agent.name}</Text>
              <Text size="sm" c="dimmed">
                {agent.email ?? agent.username}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Badge color={agent.online ? 'green' : 'gray'} variant="light">
                {agent.online ? t('qrCall.manage.online') : t('qrCall.manage.offline')}
              </Badge>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => remove.mutate(agent.id)}
                aria-label={t('qrCall.manage.removeAgent', { name: agent.name })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (account.trim()) add.mutate();
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            flex={1}
            label={t('qrCall.manage.agentAccount')}
            value={account}
            onChange={(e) => setAccount(e.currentTarget.value)}
            error={addError}
            maxLength={254}
          />
          <Button type="submit" loading={add.isPending}>
            {t('qrCall.manage.addAgent')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
