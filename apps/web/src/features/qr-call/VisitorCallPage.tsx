import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClockOff, IconPhone, IconPhoneOff, IconQrcodeOff } from '@tabler/icons-react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { assertNever } from '../../shared/assertNever.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { useVisitorCall } from './useVisitorCall.ts';
import type { VisitorNotice } from './visitorCall.ts';

function Panel({ children }: { children: ReactNode }) {
  return (
    <Center mih="80vh">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={446}>
        <Stack align="center" gap="md" ta="center">
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

const NOTICE_KEY: Record<VisitorNotice, string> = {
  busy: 'qrCall.messages.busy',
  cancelled: 'qrCall.messages.cancelled',
  expired: 'qrCall.messages.expired',
};

/** /c/:alias (spec §2 "call by name"): a visitor calls the agents behind a QR code. */
export function VisitorCallPage() {
  const { t } = useTranslation();
  const v = useVisitorCall();
  const { state } = v;

  switch (state.kind) {
    case 'loading':
      return <PageLoader />;
    case 'load_failed':
      return (
        <Panel>
          <Text>{t('qrCall.visitor.loadFailed')}</Text>
          <Button onClick={v.retry}>{t('qrCall.visitor.retry')}</Button>
        </Panel>
      );
    case 'invalid':
      return (
        <Panel>
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconQrcodeOff aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('qrCall.messages.invalid')}
          </Title>
          <Text c="dimmed">{t('qrCall.messages.invalidHint')}</Text>
        </Panel>
      );
    case 'expired':
      return (
        <Panel>
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconClockOff aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('qrCall.messages.expired')}
          </Title>
        </Panel>
      );
    case 'ready':
      return (
        <Panel>
          <Title order={1} size="h2">
            {t('qrCall.visitor.heading', { title: state.target.title })}
          </Title>
          {state.target.ownerName && (
            <Text c="dimmed">{t('qrCall.visitor.owner', { name: state.target.ownerName })}</Text>
          )}
          {state.notice && (
            <Alert role="alert" color="red" w="100%" icon={<IconPhoneOff aria-hidden />}>
              {t(NOTICE_KEY[state.notice])}
            </Alert>
          )}
          <form
            style={{ width: '100%' }}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              v.call();
            }}
          >
            <Stack gap="md">
              {!v.signedIn && (
                <TextInput
                  label={t('qrCall.visitor.nameLabel')}
                  placeholder={t('qrCall.visitor.namePlaceholder')}
                  value={v.name}
                  onChange={(e) => v.setName(e.currentTarget.value)}
                  error={v.nameError ? t(v.nameError) : null}
                  maxLength={100}
                  required
                  autoComplete="name"
                />
              )}
              <Button
                type="submit"
                size="lg"
                loading={state.placing}
                leftSection={<IconPhone aria-hidden />}
              >
                {state.notice ? t('qrCall.visitor.callAgain') : t('qrCall.visitor.call')}
              </Button>
            </Stack>
          </form>
        </Panel>
      );
    case 'ringing':
      return (
        <Panel>
          <Title order={1} size="h2">
            {t('qrCall.visitor.heading', { title: state.target.title })}
          </Title>
          <Loader type="dots" aria-hidden />
          <Text role="status" fw={600}>
            {t('qrCall.visitor.calling')}
          </Text>
          <Text c="dimmed">{t('qrCall.visitor.callingHint')}</Text>
          <Button
            color="red"
            variant="light"
            loading={state.cancelling}
            leftSection={<IconPhoneOff aria-hidden />}
            onClick={v.cancel}
          >
            {t('qrCall.visitor.cancel')}
          </Button>
        </Panel>
      );
    case 'answered':
      return (
        <Panel>
          <Loader aria-hidden />
          <Text role="status">{t('qrCall.visitor.connecting')}</Text>
        </Panel>
      );
    default:
      return assertNever(state, 'visitor state');
  }
}
