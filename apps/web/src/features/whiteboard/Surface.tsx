// First: Excalidraw reads where its fonts are when it loads.
import './excalidrawAssets.ts';
import { useMemo, useRef, type ReactNode } from 'react';
import { Excalidraw, MainMenu } from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { AppState, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import type { WhiteboardElement } from '@podium/protocol';
import { currentLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { exportBoard } from './exportScene.ts';

export interface SurfaceProps {
  /** The scene it starts with (later changes go through `onApi`'s updateScene). */
  initialElements: readonly WhiteboardElement[];
  /** Watch only (no tools). */
  viewMode: boolean;
  /** No interface at all (the recorder's view of the stage). */
  bare?: boolean;
  /** The exported files' name. */
  name: string;
  onApi(api: ExcalidrawImperativeAPI): void;
  onChange?(elements: readonly OrderedExcalidrawElement[], appState: AppState): void;
  /** More items of the board's menu (after the exports). */
  menuItems?: ReactNode;
}

/**
 * Excalidraw with Podium's menu (export PNG/SVG and the caller's items), in the page's language.
 * This module is only ever imported lazily (React.lazy): Excalidraw is large and no page needs
 * it on its first load. Images are off: the room's board does not carry image files.
 */
export default function Surface(props: SurfaceProps) {
  const { t } = useTranslation();
  const { onApi, name } = props;
  // Excalidraw reads its initial data once; a new array each render would be ignored anyway.
  const initialData = useMemo(
    () => ({
      // The protocol's element is Excalidraw's element as JSON (checked at the boundary).
      elements: props.initialElements as unknown as OrderedExcalidrawElement[],
      scrollToContent: true,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, like Excalidraw does
    [],
  );
  const api = useRef<ExcalidrawImperativeAPI | null>(null);
  return (
    <div
      style={{ width: '100%', height: '100%' }}
      className={props.bare ? 'podium-wb-bare' : undefined}
    >
      <Excalidraw
        initialData={initialData}
        excalidrawAPI={(a) => {
          api.current = a;
          onApi(a);
        }}
        viewModeEnabled={props.viewMode}
        zenModeEnabled={props.bare ?? false}
        langCode={currentLanguage() === 'vi' ? 'vi-VN' : 'en'}
        name={name}
        UIOptions={{ tools: { image: false } }}
        onChange={props.onChange}
      >
        {props.bare ? null : (
          <MainMenu>
            <MainMenu.Item
              onSelect={() => api.current && void exportBoard(api.current, 'png', name)}
            >
              {t('whiteboard.menu.exportPng')}
            </MainMenu.Item>
            <MainMenu.Item
              onSelect={() => api.current && void exportBoard(api.current, 'svg', name)}
            >
              {t('whiteboard.menu.exportSvg')}
            </MainMenu.Item>
            {props.menuItems}
            <MainMenu.Separator />
            <MainMenu.DefaultItems.ClearCanvas />
            <MainMenu.DefaultItems.ToggleTheme />
            <MainMenu.DefaultItems.ChangeCanvasBackground />
          </MainMenu>
        )}
      </Excalidraw>
    </div>
  );
}
