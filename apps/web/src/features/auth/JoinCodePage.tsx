import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { joinFields, type JoinValues } from './fields.ts';
import { parseJoinInput } from './joinInput.ts';
import { AuthFrame } from './AuthFrame.tsx';

function useJoinForm() {
  const navigate = useNavigate();
  const form = useAppForm<JoinValues>({ code: '' }, joinFields);
  const onSubmit = form.onSubmit((values) => {
    const target = parseJoinInput(values.code);
    if (target) void navigate(target);
  });
  return { form, onSubmit };
}

/** /join: enter an event code or link; the join page itself belongs to the events feature. */
export function JoinCodePage() {
  const { t } = useTranslation();
  const { form, onSubmit } = useJoinForm();
  return (
    <AuthFrame title={t('auth.titles.join')} intro={t('auth.join.intro')}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.joinCode')}
            autoComplete="off"
            required
            {...form.getInputProps('code')}
          />
          <Button type="submit" fullWidth>
            {t('auth.join.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
