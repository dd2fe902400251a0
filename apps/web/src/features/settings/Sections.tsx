import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  AVATAR_MAX_BYTES,
  CONFERENCE_MODES,
  DEFAULT_LAYOUTS,
  LANGUAGES,
  type AccountDetailsDto,
  type ConferenceMode,
} from '@podium/protocol';
import { changeLanguage, useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { isLanguage } from '../../shared/i18n/language.ts';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { displayName } from '../../shared/session/account.ts';
import { logout } from '../../shared/session/logout.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { conferenceMode } from '../events/conferenceMode.ts';
import { RecordingsList } from '../recordings/RecordingsPage.tsx';
import { useCopy } from '../events/useCopy.ts';
import { settingsApi } from './api.ts';
import { NameForm } from './Forms.tsx';
import { LinkedAccountsSlot } from './LinkedAccountsSlot.tsx';
import { useDeviceChoices } from './useDeviceChoices.ts';
import { useSaveSettings } from './useSaveSettings.ts';

type Props = { account: AccountDetailsDto };

/** One titled block of the settings page; its heading names the region. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={`settings-${id}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`settings-${id}`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function ProfileSection({ account }: Props) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = displayName(account);

  const upload = async (file: File | null) => {
    if (!file) return;
    // The server checks type and size too; this only spares sending a file that cannot pass.
    if (file.size > AVATAR_MAX_BYTES) {
      toastError(t('settings.profile.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      await settingsApi.avatar(file);
      toastSuccess(t('settings.saved'));
    } catch (error) {
      toastError(`${t('settings.updateFailed')}: ${translateApiError(error, i18n)}`);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await settingsApi.profile({ avatar: '' });
      toastSuccess(t('settings.saved'));
    } catch (error) {
      toastError(`${t('settings.updateFailed')}: ${translateApiError(error, i18n)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="profile" title={t('settings.sections.profile')}>
      <Group gap="md" align="center">
        {account.avatar ? (
          <Avatar src={account.avatar} alt={t('settings.profile.avatar')} size={72} radius="xl" />
        ) : (
          <Avatar size={72} radius="xl" color="podium" aria-label={t('settings.profile.noAvatar')}>
            {name.charAt(0).toUpperCase() || '?'}
          </Avatar>
        )}
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton
              onChange={(f) => void upload(f)}
              accept="image/png,image/jpeg,image/gif,image/webp"
            >
              {(props) => (
                <Button {...props} size="xs" loading={busy}>
                  {t('settings.profile.upload')}
                </Button>
              )}
            </FileButton>
            {account.avatar ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void remove()}
                disabled={busy}
              >
                {t('settings.profile.remove')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('settings.profile.avatarHint')}
          </Text>
        </Stack>
      </Group>
      <Stack gap={2}>
        {account.email ? (
          <Text size="sm">
            {t('settings.profile.email')}: {account.email}
          </Text>
        ) : null}
        {account.username ? (
          <Text size="sm">
            {t('settings.profile.username')}: {account.username}
          </Text>
        ) : null}
        {account.phone_number ? (
          <Text size="sm">
            {t('settings.profile.phone')}: {account.phone_number}
          </Text>
        ) : null}
      </Stack>
      <NameForm key={account.id} account={account} />
    </Section>
  );
}

export function LinkedAccountsSection() {
  const { t } = useTranslation();
  return (
    <Section id="linked" title={t('settings.sections.linkedAccounts')}>
      <LinkedAccountsSlot />
    </Section>
  );
}

export function WalletSection() {
  const { t } = useTranslation();
  return (
    <Section id="wallet" title={t('settings.sections.wallet')}>
      <Text size="sm">{t('settings.wallet.text')}</Text>
      <Group>
        <Button component={Link} to="/app/wallet" variant="light">
          {t('settings.wallet.open')}
        </Button>
      </Group>
    </Section>
  );
}

export function LanguageSection({ account }: Props) {
  const { t } = useTranslation();
  const { save, pending } = useSaveSettings();
  const [shown] = useLanguage();
  // Null until chosen: the select shows the language the interface is in.
  const [language, setLanguage] = useState(account.settings.language);
  return (
    <Section id="language" title={t('settings.sections.language')}>
      <NativeSelect
        label={t('settings.language.label')}
        description={t('settings.language.hint')}
        value={language ?? shown}
        disabled={pending !== null}
        data={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (!isLanguage(value)) return;
          setLanguage(value);
          // Locally at once (spec §4), then on the account.
          void changeLanguage(value).then(() => save({ language: value }));
        }}
        maw={320}
      />
    </Section>
  );
}

export function PasswordSection({ account }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="password" title={t('settings.sections.password')}>
      <Text size="sm">
        {account.has_password ? t('settings.password.has') : t('settings.password.none')}
      </Text>
      <Group>
        {account.has_password ? (
          <Button component={Link} to="/app/change_password" variant="light">
            {t('settings.password.change')}
          </Button>
        ) : (
          <Button component={Link} to="/app/set_password" variant="light">
            {t('settings.password.set')}
          </Button>
        )}
      </Group>
    </Section>
  );
}

export function ReferralSection({ account }: Props) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <Section id="referral" title={t('settings.sections.referral')}>
      <Text size="sm">{t('settings.referral.text')}</Text>
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('settings.referral.code')}
          value={account.referral_code}
          readOnly
          ff="monospace"
          w={200}
        />
        <Tooltip label={copied ? t('settings.referral.copied') : t('settings.referral.copy')}>
          <ActionIcon
            size="lg"
            variant="light"
            aria-label={t('settings.referral.copy')}
            onClick={() => void copy(account.referral_code)}
          >
            {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
          </ActionIcon>
        </Tooltip>
        {copied ? (
          <Text size="sm" c="green" role="status">
            {t('settings.referral.copied')}
          </Text>
        ) : null}
      </Group>
    </Section>
  );
}

function SettingSwitch({
  label,
  description,
  checked,
  busy,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => Promise<unknown>;
}) {
  // Moves at once; the saved value (the cached account) takes over when the server answered,
  // so a refused change flips back.
  const [shown, setShown] = useState<boolean | null>(null);
  return (
    <Switch
      label={label}
      // The label element wraps the description too; the name should be the label alone.
      aria-label={label}
      description={description}
      checked={shown ?? checked}
      disabled={busy}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setShown(next);
        void onChange(next).finally(() => setShown(null));
      }}
    />
  );
}

export function AntiCaptureSection({ account }: Props) {
  const { t } = useTranslation();
  const { save, pending } = useSaveSettings();
  return (
    <Section id="anti-capture" title={t('settings.sections.antiCapture')}>
      <SettingSwitch
        label={t('settings.antiCapture.label')}
        description={t('settings.antiCapture.hint')}
        checked={account.settings.anti_screen_capture}
        busy={pending !== null}
        onChange={(on) => save({ anti_screen_capture: on })}
      />
    </Section>
  );
}

function DeviceSelect({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string | null;
  options: { deviceId: string; label: string }[];
  disabled: boolean;
  onChange: (deviceId: string | null) => void;
}) {
  const { t } = useTranslation();
  const data = [
    { value: '', label: t('settings.media.systemDefault') },
    ...options.map((o) => ({ value: o.deviceId, label: o.label })),
  ];
  // A saved device that is not plugged in now stays chosen, named as such.
  if (value && !options.some((o) => o.deviceId === value)) {
    data.push({ value, label: t('settings.media.savedDevice') });
  }
  return (
    <NativeSelect
      label={label}
      value={value ?? ''}
      data={data}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      maw={360}
    />
  );
}

export function MediaSection({ account }: Props) {
  const { t } = useTranslation();
  const { save, pending } = useSaveSettings();
  const choices = useDeviceChoices();
  const s = account.settings;
  const busy = pending !== null;
  return (
    <Section id="media" title={t('settings.sections.media')}>
      <Text size="sm" c="dimmed">
        {t('settings.media.hint')}
      </Text>
      <SettingSwitch
        label={t('settings.media.micOn')}
        checked={s.mic_on_join}
        busy={busy}
        onChange={(on) => save({ mic_on_join: on })}
      />
      <SettingSwitch
        label={t('settings.media.cameraOn')}
        checked={s.camera_on_join}
        busy={busy}
        onChange={(on) => save({ camera_on_join: on })}
      />
      {choices.listed || s.audio_input_id || s.video_input_id || s.audio_output_id ? (
        <Stack gap="xs">
          <DeviceSelect
            label={t('settings.media.microphone')}
            value={s.audio_input_id}
            options={choices.devices.microphones}
            disabled={busy}
            onChange={(id) => void save({ audio_input_id: id })}
          />
          <DeviceSelect
            label={t('settings.media.camera')}
            value={s.video_input_id}
            options={choices.devices.cameras}
            disabled={busy}
            onChange={(id) => void save({ video_input_id: id })}
          />
          <DeviceSelect
            label={t('settings.media.speaker')}
            value={s.audio_output_id}
            options={choices.devices.speakers}
            disabled={busy}
            onChange={(id) => void save({ audio_output_id: id })}
          />
        </Stack>
      ) : null}
      {choices.failed ? (
        <Alert color="orange" role="alert">
          {t('settings.media.noAccess')}
        </Alert>
      ) : null}
      <Group>
        <Button variant="light" loading={choices.busy} onClick={() => void choices.list()}>
          {t('settings.media.listDevices')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('settings.media.listHint')}
        </Text>
      </Group>
    </Section>
  );
}

export function RecordingsSection() {
  const { t } = useTranslation();
  return (
    <Section id="recordings" title={t('settings.sections.recordings')}>
      <RecordingsList />
      <Button component={Link} to="/app/recording" variant="subtle" size="xs">
        {t('recording.library.settingsLink')}
      </Button>
    </Section>
  );
}

export function PrivacySection({ account }: Props) {
  const { t } = useTranslation();
  const { save, pending } = useSaveSettings();
  return (
    <Section id="privacy" title={t('settings.sections.privacy')}>
      <SettingSwitch
        label={t('settings.privacy.invitations')}
        description={t('settings.privacy.invitationsHint')}
        checked={account.settings.allow_invitation_emails}
        busy={pending !== null}
        onChange={(on) => save({ allow_invitation_emails: on })}
      />
    </Section>
  );
}

export function CustomizeSection({ account }: Props) {
  const { t } = useTranslation();
  const { save, pending } = useSaveSettings();
  // Shows the choice at once; the saved value takes over when the server answered.
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Section id="customize" title={t('settings.sections.customize')}>
      <Radio.Group
        label={t('settings.customize.layout')}
        value={shown ?? account.settings.default_layout}
        onChange={(value) => {
          const layout = DEFAULT_LAYOUTS.find((l) => l === value);
          if (!layout) return;
          setShown(layout);
          void save({ default_layout: layout }).finally(() => setShown(null));
        }}
      >
        <Group mt="xs">
          {DEFAULT_LAYOUTS.map((layout) => (
            <Radio
              key={layout}
              value={layout}
              label={t(`settings.customize.${layout}`)}
              disabled={pending !== null}
            />
          ))}
        </Group>
      </Radio.Group>
    </Section>
  );
}

/** Meeting or end-to-end (spec §4, §9): the default of instant meetings. */
export function ModeChoice({ account }: Props) {
  const { t } = useTranslation();
  const { saveMode, pending } = useSaveSettings();
  const [shown, setShown] = useState<ConferenceMode | null>(null);
  return (
    <Radio.Group
      label={t('settings.modes.label')}
      description={t('settings.modes.hint')}
      value={shown ?? conferenceMode(account)}
      onChange={(value) => {
        const mode = CONFERENCE_MODES.find((m): m is ConferenceMode => m === value);
        if (!mode) return;
        setShown(mode);
        void saveMode(mode).finally(() => setShown(null));
      }}
    >
      <Stack mt="xs" gap="xs">
        {CONFERENCE_MODES.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={t(`settings.modes.${mode}`)}
            disabled={pending !== null}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export function ModesSection({ account }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="modes" title={t('settings.sections.modes')}>
      <ModeChoice account={account} />
    </Section>
  );
}

export function SecuritySection() {
  const { t } = useTranslation();
  return (
    <Section id="security" title={t('settings.sections.security')}>
      <Text size="sm">{t('settings.security.intro')}</Text>
      <Group>
        <Anchor component={Link} to="/app/advanced_security">
          {t('settings.security.heading')}
        </Anchor>
      </Group>
    </Section>
  );
}

export function LogoutSection() {
  const { t } = useTranslation();
  return (
    <Section id="logout" title={t('settings.sections.logout')}>
      <Text size="sm">{t('settings.logout.text')}</Text>
      <Group>
        <Button color="red" variant="light" onClick={() => void logout('user')}>
          {t('settings.logout.action')}
        </Button>
      </Group>
    </Section>
  );
}
