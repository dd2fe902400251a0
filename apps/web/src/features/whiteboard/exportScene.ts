// First: Excalidraw reads where its fonts are when it loads.
import './excalidrawAssets.ts';
import { exportToBlob, exportToSvg } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';

/** Saves a file the browser made (a download link clicked once, then let go). */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The board as a PNG or SVG file (Excalidraw's exportToBlob / exportToSvg), downloaded. */
export async function exportBoard(
  api: ExcalidrawImperativeAPI,
  format: 'png' | 'svg',
  name: string,
): Promise<void> {
  const elements = api.getSceneElements();
  const appState = { ...api.getAppState(), exportBackground: true };
  const files = api.getFiles();
  if (format === 'png') {
    download(
      await exportToBlob({ elements, appState, files, mimeType: 'image/png' }),
      `${name}.png`,
    );
    return;
  }
  const svg = await exportToSvg({ elements, appState, files });
  download(new Blob([svg.outerHTML], { type: 'image/svg+xml' }), `${name}.svg`);
}
