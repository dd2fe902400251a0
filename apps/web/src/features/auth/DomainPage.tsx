import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { domainFields, type DomainValues } from './fields.ts';
import { AuthFrame } from './AuthFrame.tsx';

/** Organization domain entry; organization SSO arrives later, so this says so honestly. */
function useDomainForm() {
  const form = useAppForm<DomainValues>({ domain: '' }, domainFields);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const onSubmit = form.onSubmit((values) => setUnavailable(values.domain.trim().toLowerCase()));
  return { form, onSubmit, unavailable };
}

export function DomainPage() {
  const { t } = useTranslation();
  const { form, onSubmit, unavailable } = useDomainForm();
  return (
    <AuthFrame title={t('auth.titles.domain')} intro={t('auth.domain.intro')}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.domain')}
            placeholder="example.com"
            autoComplete="url"
            required
            {...form.getInputProps('domain')}
          />
          <Button type="submit" fullWidth>
            {t('auth.domain.submit')}
          </Button>
        </Stack>
      </form>
      {unavailable ? (
        <Alert role="status" color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('auth.domain.unavailable', { domain: unavailable })}
        </Alert>
      ) : null}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.domain.backToSignIn')}
      </Anchor>
    </AuthFrame>
  );
}
