import {
  ALIAS_NAME_MAX,
  ALIAS_NAME_MIN,
  EVENT_DESCRIPTION_MAX,
  EVENT_PASSCODE_MAX,
  EVENT_PASSCODE_MIN,
  EVENT_TITLE_MAX,
  eventMessages,
  fieldValidator,
  rules,
  withMessage,
  type Language,
  type Rule,
} from '@podium/protocol';
import type { FieldSpecs } from '../../shared/forms/useAppForm.ts';
import type { EventFormValues, SpeakerValues } from './formModel.ts';

/** Applies `rule` only while the form schedules the event (the instant form hides the times). */
const whenScheduled =
  (rule: Rule): Rule =>
  (value, values) =>
    values.timing === 'scheduled' ? rule(value, values) : null;

/** New passcodes need EVENT_PASSCODE_MIN characters; an event's unchanged older one passes. */
const passcodeLength: Rule = (value, values) =>
  value !== '' && value === values.storedPasscode
    ? null
    : rules.length(EVENT_PASSCODE_MIN, EVENT_PASSCODE_MAX)(value, values);

/** A passcode is needed when the form says people must enter one. */
const passcodeWhenRequired: Rule = (value, values) =>
  values.requirePasscode === true && (typeof value !== 'string' || value.trim() === '')
    ? { key: 'enter_passcode' }
    : null;

export const eventFields: FieldSpecs<EventFormValues> = {
  title: {
    rules: [withMessage(rules.required(), 'fill_out_field'), rules.max(EVENT_TITLE_MAX)],
    label: 'events.form.title',
  },
  passcode: {
    rules: [passcodeWhenRequired, passcodeLength, withMessage(rules.matches(/^\S+$/), 'invalid')],
    label: 'events.form.passcode',
  },
  description: { rules: [rules.max(EVENT_DESCRIPTION_MAX)], label: 'events.form.description' },
  start: { rules: [whenScheduled(rules.required())], label: 'events.form.start' },
  end: { rules: [whenScheduled(rules.dateAfter('start'))], label: 'events.form.end' },
  name: {
    rules: [rules.length(ALIAS_NAME_MIN, ALIAS_NAME_MAX), rules.matches(/^[A-Za-z0-9-]+$/)],
    label: 'events.form.name',
  },
};

const speakerName = [withMessage(rules.required(), 'name_required'), rules.max(100)];
const speakerEmail = [rules.required(), rules.email()];

/**
 * Messages for the speaker rows, keyed by form path (`speakers.0.email`). The list is an array
 * of objects, which the flat field specs of useAppForm do not cover.
 */
export function speakerErrors(
  speakers: readonly SpeakerValues[],
  lang: Language,
  labels: { name: string; email: string },
): Record<string, string> {
  const name = fieldValidator(speakerName, lang, labels.name);
  const email = fieldValidator(speakerEmail, lang, labels.email);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  speakers.forEach((speaker, i) => {
    const nameError = name(speaker.name);
    const emailError = email(speaker.email);
    if (nameError) errors[`speakers.${i}.name`] = nameError;
    if (emailError) errors[`speakers.${i}.email`] = emailError;
    const address = speaker.email.trim().toLowerCase();
    if (!emailError && seen.has(address)) {
      errors[`speakers.${i}.email`] = eventMessages['events.speaker_duplicate'][lang];
    }
    seen.add(address);
  });
  return errors;
}
