import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  PasswordInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EVENT_MODES, type AliasDto } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { viewerTimeZone } from './api.ts';
import { useEventForm } from './useEventForm.ts';

const PICKER_FORMAT = 'DD/MM/YYYY HH:mm';

/** The event create/edit form (spec §2): title, passcode, description, times, mode, speakers. */
export function EventForm({ event }: { event?: AliasDto }) {
  const { t } = useTranslation();
  // The picker's dropdown: hour and minute fields and the confirm button need names.
  const pickerProps = (which: 'start' | 'end') => ({
    timePickerProps: {
      hoursInputLabel: t('events.form.hours', { field: t(`events.form.${which}`) }),
      minutesInputLabel: t('events.form.minutes', { field: t(`events.form.${which}`) }),
    },
    submitButtonProps: { 'aria-label': t('events.form.confirmTime') },
    // The dropdown is a dialog; it is named after its field.
    popoverProps: { attributes: { dropdown: { 'aria-label': t(`events.form.${which}`) } } },
    // Mantine's red weekends and grey days of other months fall below 4.5:1 contrast.
    weekendDays: [],
    hideOutsideDates: true,
    // The calendar's arrows are otherwise unnamed (the month button keeps its visible name).
    ariaLabels: {
      previousMonth: t('events.form.calendar.previousMonth'),
      nextMonth: t('events.form.calendar.nextMonth'),
      previousYear: t('events.form.calendar.previousYear'),
      nextYear: t('events.form.calendar.nextYear'),
      previousDecade: t('events.form.calendar.previousDecade'),
      nextDecade: t('events.form.calendar.nextDecade'),
    },
  });
  const {
    form,
    onSubmit,
    submitting,
    submitError,
    editing,
    addSpeaker,
    removeSpeaker,
    validateSpeaker,
    cancelPath,
  } = useEventForm(event);
  const values = form.getValues();
  const scheduled = values.timing === 'scheduled';

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>
        {t(editing ? 'events.form.editHeading' : 'events.form.createHeading')}
      </Title>
      {submitError ? (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {submitError}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={t('events.form.title')}
            required
            autoComplete="off"
            {...form.getInputProps('title')}
          />
          <Checkbox
            label={t('events.form.requirePasscode')}
            {...form.getInputProps('requirePasscode', { type: 'checkbox' })}
          />
          {/* The passcode is asked for only once the host wants one (off for a new event). */}
          {values.requirePasscode ? (
            <PasswordInput
              label={t('events.form.passcode')}
              description={t('events.form.passcodeHint')}
              autoComplete="new-password"
              required
              maw={360}
              {...form.getInputProps('passcode')}
            />
          ) : null}
          <Textarea
            label={t('events.form.description')}
            autosize
            minRows={3}
            maxRows={10}
            {...form.getInputProps('description')}
          />
          {editing ? null : (
            <Radio.Group label={t('events.form.timing')} {...form.getInputProps('timing')}>
              <Group mt={6}>
                <Radio value="instant" label={t('events.form.instant')} />
                <Radio value="scheduled" label={t('events.form.scheduled')} />
              </Group>
            </Radio.Group>
          )}
          {scheduled ? (
            <Stack gap={4}>
              <Group grow align="flex-start">
                <DateTimePicker
                  label={t('events.form.start')}
                  valueFormat={PICKER_FORMAT}
                  required
                  withAsterisk={false}
                  {...pickerProps('start')}
                  {...form.getInputProps('start')}
                />
                <DateTimePicker
                  label={t('events.form.end')}
                  valueFormat={PICKER_FORMAT}
                  clearable
                  {...pickerProps('end')}
                  clearButtonProps={{ 'aria-label': t('events.form.clearEnd') }}
                  {...form.getInputProps('end')}
                />
              </Group>
              <Text size="xs" c="dimmed">
                {t('events.form.timeZone', { zone: viewerTimeZone() ?? 'UTC' })}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('events.form.instantNote')}
            </Text>
          )}
          <NativeSelect
            label={t('events.form.mode')}
            data={EVENT_MODES.map((mode) => ({ value: mode, label: t(`events.modes.${mode}`) }))}
            {...form.getInputProps('mode')}
          />
          <TextInput
            label={t('events.form.name')}
            description={t('events.form.nameHint')}
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <Checkbox
            label={t('events.form.joinBeforeHost')}
            {...form.getInputProps('joinBeforeHost', { type: 'checkbox' })}
          />
          <Fieldset legend={t('events.form.speakers')}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('events.form.speakersHint')}
              </Text>
              {values.speakers.map((speaker, index) => {
                const n = index + 1;
                const name = form.getInputProps(`speakers.${index}.name`);
                const email = form.getInputProps(`speakers.${index}.email`);
                return (
                  <Group key={speaker.key} align="flex-start" wrap="nowrap">
                    <TextInput
                      flex={1}
                      label={t('events.form.speakerName', { n })}
                      autoComplete="off"
                      {...name}
                      onBlur={() => validateSpeaker(index, 'name')}
                    />
                    <TextInput
                      flex={1}
                      type="email"
                      label={t('events.form.speakerEmail', { n })}
                      autoComplete="off"
                      {...email}
                      onBlur={() => validateSpeaker(index, 'email')}
                    />
                    <ActionIcon
                      mt={26}
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('events.form.removeSpeaker', { n })}
                      onClick={() => removeSpeaker(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                );
              })}
              <div>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={addSpeaker}
                >
                  {t('events.form.addSpeaker')}
                </Button>
              </div>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={cancelPath}>
              {t('events.form.cancel')}
            </Button>
            <Button type="submit" loading={submitting} disabled={submitting}>
              {t(editing ? 'events.form.save' : 'events.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
