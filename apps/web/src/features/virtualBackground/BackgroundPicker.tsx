import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Center,
  FileButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBan, IconBlur, IconUpload } from '@tabler/icons-react';
import { useTranslation } from '../../shared/i18n/index.ts';
import {
  BUILT_IN_BACKGROUNDS,
  checkCustomImage,
  sameChoice,
  type BackgroundChoice,
  type CustomImageProblem,
} from './choice.ts';
import { readCustomImage } from './customImage.ts';
import { BUILT_IN_IMAGES } from './images.ts';
import { backgroundStore } from './store.ts';
import { useBackground } from './useBackgroundProcessor.ts';

function Option({
  label,
  pressed,
  onClick,
  children,
  disabled,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={label}>
      <UnstyledButton
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        style={{
          aspectRatio: '16 / 9',
          borderRadius: 8,
          overflow: 'hidden',
          outline: pressed ? '3px solid var(--mantine-primary-color-filled)' : undefined,
          outlineOffset: 1,
          background: 'var(--mantine-color-default-hover)',
          opacity: disabled ? 0.5 : 1,
        }}
      >
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}

function Thumbnail({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
    />
  );
}

type UploadProblem = CustomImageProblem | 'decode';

/**
 * The virtual background choices: none, blur, the built-in images and the person's own image.
 * The pre-join page and the call both show it; the choice is this browser's (store.ts).
 */
export function BackgroundPicker({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { choice, customImage, loading, notice } = useBackground();
  const [uploadProblem, setUploadProblem] = useState<UploadProblem | null>(null);
  const store = backgroundStore();
  const pick = (next: BackgroundChoice) => () => {
    setUploadProblem(null);
    store.choose(next);
  };
  const is = (other: BackgroundChoice) => sameChoice(choice, other);

  const upload = (file: File | null) => {
    if (!file) return;
    const problem = checkCustomImage(file);
    setUploadProblem(problem);
    if (problem) return;
    readCustomImage(file).then(
      (dataUrl) => store.setCustomImage(dataUrl),
      () => setUploadProblem('decode'),
    );
  };

  return (
    <Stack gap="xs">
      <SimpleGrid cols={4} spacing="xs">
        <Option
          label={t('virtualBackground.none')}
          pressed={is({ kind: 'none' })}
          onClick={pick({ kind: 'none' })}
        >
          <Center h="100%">
            <IconBan aria-hidden />
          </Center>
        </Option>
        <Option
          label={t('virtualBackground.blur')}
          pressed={is({ kind: 'blur' })}
          disabled={disabled}
          onClick={pick({ kind: 'blur' })}
        >
          <Center h="100%">
            <IconBlur aria-hidden />
          </Center>
        </Option>
        {BUILT_IN_BACKGROUNDS.map((image) => (
          <Option
            key={image}
            label={t(`virtualBackground.images.${image}`)}
            pressed={is({ kind: 'image', image })}
            disabled={disabled}
            onClick={pick({ kind: 'image', image })}
          >
            <Thumbnail src={BUILT_IN_IMAGES[image]} />
          </Option>
        ))}
        {customImage ? (
          <Option
            label={t('virtualBackground.custom')}
            pressed={is({ kind: 'custom' })}
            disabled={disabled}
            onClick={pick({ kind: 'custom' })}
          >
            <Thumbnail src={customImage} />
          </Option>
        ) : null}
        <FileButton onChange={upload} accept="image/jpeg,image/png,image/webp,image/gif,image/bmp">
          {(props) => (
            <Tooltip label={t('virtualBackground.upload')}>
              <UnstyledButton
                {...props}
                aria-label={t('virtualBackground.upload')}
                disabled={disabled}
                style={{
                  aspectRatio: '16 / 9',
                  borderRadius: 8,
                  border: '1px dashed var(--mantine-color-default-border)',
                  opacity: disabled ? 0.5 : 1,
                }}
              >
                <Center h="100%">
                  <IconUpload aria-hidden />
                </Center>
              </UnstyledButton>
            </Tooltip>
          )}
        </FileButton>
      </SimpleGrid>
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('virtualBackground.loading')}</Text>
        </Group>
      ) : null}
      {uploadProblem ? (
        <Alert role="alert" color="orange" variant="light">
          {t(`virtualBackground.uploadError.${uploadProblem}`)}
        </Alert>
      ) : null}
      {notice ? (
        <Alert
          role="alert"
          color="orange"
          variant="light"
          withCloseButton
          onClose={() => store.dismissNotice()}
        >
          {t(`virtualBackground.notice.${notice}`)}
        </Alert>
      ) : null}
      <Box>
        <Text size="xs" c="dimmed">
          {t('virtualBackground.hint')}
        </Text>
      </Box>
    </Stack>
  );
}
