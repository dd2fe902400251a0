import {
  apiPaths,
  whiteboardElement,
  type DrawingResponse,
  type WhiteboardElement,
} from '@podium/protocol';
import { api } from '../../shared/api/index.ts';

/** Where a guest's drawing is kept (this browser only). */
const LOCAL_KEY = 'podium.drawing';

/** The signed-in account's drawing (`GET /api/account/drawing`). */
export async function fetchDrawing(): Promise<WhiteboardElement[]> {
  return (await api.get<DrawingResponse>(apiPaths.drawing.mine)).elements;
}

/** Replaces the account's drawing (`POST /api/account/drawing`). */
export function saveDrawing(elements: readonly WhiteboardElement[]): Promise<DrawingResponse> {
  return api.post<DrawingResponse>(apiPaths.drawing.mine, { elements });
}

/** A guest's drawing from this browser (elements that no longer pass the checks are dropped). */
export function readLocalDrawing(storage: Storage | null = safeStorage()): WhiteboardElement[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(LOCAL_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((e) => {
      const checked = whiteboardElement.safeParse(e);
      return checked.success ? [checked.data] : [];
    });
  } catch {
    return [];
  }
}

export function writeLocalDrawing(
  elements: readonly WhiteboardElement[],
  storage: Storage | null = safeStorage(),
): void {
  storage?.setItem(LOCAL_KEY, JSON.stringify(elements.filter((e) => !e.isDeleted)));
}

/** My drawing: the account's when signed in, else this browser's. */
export function loadMyDrawing(signedIn: boolean): Promise<WhiteboardElement[]> {
  return signedIn ? fetchDrawing() : Promise.resolve(readLocalDrawing());
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The elements of an Excalidraw scene a board keeps (no images; each within the checks). */
export function boardElements(scene: readonly unknown[]): WhiteboardElement[] {
  return scene.flatMap((e) => {
    const checked = whiteboardElement.safeParse(e);
    return checked.success && !checked.data.isDeleted ? [checked.data] : [];
  });
}
