import { useEffect, useState } from 'react';
import { Button, Image, Skeleton, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../shared/i18n/index.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { downloadBlob } from './download.ts';
import { QR_SCREEN_PX, qrDataUrl, qrFileName, qrPngBlob } from './qr.ts';

/** The QR code of `link` with a PNG download (spec §2 "share via … QR code (with download)"). */
export function QrCodeCard({
  link,
  alias,
  alt,
  downloadLabel,
}: {
  link: string;
  alias: string;
  alt: string;
  downloadLabel: string;
}) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    qrDataUrl(link).then(
      (url) => {
        if (live) setSrc(url);
      },
      () => {
        if (live) setSrc(null);
      },
    );
    return () => {
      live = false;
    };
  }, [link]);

  const download = async () => {
    try {
      downloadBlob(await qrPngBlob(link), qrFileName(alias));
      toastSuccess(t('events.toasts.qrDownloaded'));
    } catch {
      toastError(t('errors.generic'));
    }
  };

  return (
    <Stack align="center" gap="sm">
      {src ? (
        <Image src={src} alt={alt} w={QR_SCREEN_PX} h={QR_SCREEN_PX} radius="sm" />
      ) : (
        <Skeleton w={QR_SCREEN_PX} h={QR_SCREEN_PX} />
      )}
      <Button
        variant="light"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void download()}
      >
        {downloadLabel}
      </Button>
    </Stack>
  );
}
