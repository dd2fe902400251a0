import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AliasDto } from '@podium/protocol';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { useAccount } from '../../shared/session/account.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { eventQueryKey, eventsApi } from './api.ts';
import { conferenceMode } from './conferenceMode.ts';
import { localizedFieldErrors, translateEventError } from './errors.ts';
import { eventFields, speakerErrors } from './fields.ts';
import {
  createRequest,
  emptyEventValues,
  formField,
  newSpeaker,
  updateRequest,
  valuesFromEvent,
  type EventFormValues,
} from './formModel.ts';

/** /app/conferences/add (no event) and /app/conferences/:id/edit (the stored event). */
export function useEventForm(event?: AliasDto) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount().data;
  // The first values win: a later account refetch must not reset what the person typed.
  const [initial] = useState(() =>
    event ? valuesFromEvent(event) : emptyEventValues(new Date(), conferenceMode(account)),
  );
  const form = useAppForm<EventFormValues>(initial, eventFields);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const speakerLabels = useMemo(
    () => ({ name: t('events.form.speakerNameLabel'), email: t('events.form.speakerEmailLabel') }),
    [t],
  );

  const save = useMutation({
    mutationFn: (values: EventFormValues) =>
      event
        ? eventsApi.update(updateRequest(event, values, new Date(), lang))
        : eventsApi.create(createRequest(values, new Date(), lang)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(eventQueryKey(saved.id), saved);
      toastSuccess(t(event ? 'events.toasts.edited' : 'events.toasts.created'));
      await navigate(`/app/conferences/${saved.id}`, { replace: Boolean(event) });
    },
    onError: (error) => {
      // Held by useAppForm until the field is edited, whatever the blur check says meanwhile.
      // Each error is said once: under its field when the form shows that field, otherwise in
      // the alert above the form.
      const shown = Object.keys(form.getValues());
      let underFields = 0;
      for (const [field, message] of Object.entries(localizedFieldErrors(error, i18n))) {
        const path = formField(field);
        if (!shown.includes(path.split('.')[0] ?? '')) continue;
        form.setFieldError(path, message);
        underFields += 1;
      }
      setSubmitError(underFields > 0 ? null : translateEventError(error, i18n));
    },
  });

  /** Re-checks one speaker input (on blur), like the other fields. */
  const validateSpeaker = (index: number, part: 'name' | 'email') => {
    const path = `speakers.${index}.${part}`;
    const message = speakerErrors(form.getValues().speakers, lang, speakerLabels)[path];
    if (message) form.setFieldError(path, message);
    else form.clearFieldError(path);
  };

  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    setSubmitError(null);
    const values = form.getValues();
    const result = form.validate();
    const speakers = speakerErrors(values.speakers, lang, speakerLabels);
    for (const [path, message] of Object.entries(speakers)) form.setFieldError(path, message);
    if (result.hasErrors || Object.keys(speakers).length) return;
    save.mutate(values);
  };

  return {
    form,
    onSubmit,
    submitting: save.isPending,
    submitError,
    editing: Boolean(event),
    addSpeaker: () => form.insertListItem('speakers', newSpeaker()),
    removeSpeaker: (index: number) => form.removeListItem('speakers', index),
    validateSpeaker,
    cancelPath: event ? `/app/conferences/${event.id}` : '/app/conferences',
  };
}
