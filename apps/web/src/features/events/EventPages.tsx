import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/index.ts';
import { PageLoader } from '../../shared/ui/PageLoader.tsx';
import { EventForm } from './EventForm.tsx';
import { useEvent } from './useEvent.ts';

/** Shown when the id in the address is unknown or someone else's event. */
export function EventNotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={640}>
      <Alert role="alert" color="red" variant="light">
        {t('events.detail.notFound')}
      </Alert>
      <Anchor component={Link} to="/app/conferences">
        {t('events.detail.backToList')}
      </Anchor>
    </Stack>
  );
}

/** /app/conferences/add */
export function AddEventPage() {
  return <EventForm />;
}

/** /app/conferences/:id/edit */
export function EditEventPage() {
  const { id } = useParams();
  const { data: event, isPending, isError } = useEvent(id);
  if (isError) return <EventNotFound />;
  if (isPending || !event) return <PageLoader />;
  return <EventForm key={event.id} event={event} />;
}
