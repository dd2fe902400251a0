import QRCode from 'qrcode';
import { dataUrlToBlob } from './download.ts';

/** Pixels of the downloaded PNG: large enough to print on a poster and still scan. */
export const QR_DOWNLOAD_PX = 1024;
export const QR_SCREEN_PX = 280;

/** The QR code of `text` as a PNG data URL; error correction M survives a smudge or a logo. */
export function qrDataUrl(text: string, size = QR_SCREEN_PX): Promise<string> {
  return QRCode.toDataURL(text, {
    width: size,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}

export async function qrPngBlob(text: string, size = QR_DOWNLOAD_PX): Promise<Blob> {
  return dataUrlToBlob(await qrDataUrl(text, size));
}

export function qrFileName(alias: string): string {
  return `${alias.replace(/[^A-Za-z0-9-]/g, '') || 'event'}-qr.png`;
}
