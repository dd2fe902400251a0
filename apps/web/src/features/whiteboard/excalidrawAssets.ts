/**
 * Where Excalidraw fetches its fonts: Podium's own origin (the build copies them there,
 * apps/web/excalidrawFonts.ts), never its CDN, which the CSP refuses. Imported for this side
 * effect before anything that loads Excalidraw.
 */
export const EXCALIDRAW_ASSET_PATH = '/excalidraw-assets/';

declare global {
  interface Window {
    /** Read by Excalidraw (0.18) when it fetches a font: a base URL or a list of them. */
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

if (typeof window !== 'undefined') window.EXCALIDRAW_ASSET_PATH = EXCALIDRAW_ASSET_PATH;
