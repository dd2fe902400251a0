import { useEffect, useRef, useSyncExternalStore } from 'react';
import { displayName } from '../../../shared/session/account.ts';
import { useAccountSettings } from '../../settings/api.ts';
import { useRoom, useRoomState } from './context.ts';

/** Tiles of other people carry this attribute (Tile.tsx); the protection applies to them only. */
export const REMOTE_TILE_ATTRIBUTE = 'data-remote-tile';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const tabHidden = () => document.visibilityState === 'hidden';

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A tile of the identity text, slanted, light on dark video and dark on light video. */
export function watermarkImage(identity: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="180">` +
    `<text x="180" y="95" text-anchor="middle" transform="rotate(-22 180 90)" ` +
    `font-family="sans-serif" font-size="15" fill="rgba(255,255,255,0.32)" ` +
    `stroke="rgba(0,0,0,0.28)" stroke-width="0.6">${xml(identity)}</text></svg>`;
  // SECURITY: XML-escaped, then URI-encoded (quotes become %22), so the name cannot leave url("").
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** The style sheet of anti-screen-capture: watermark always, blur while the tab is hidden. */
export function antiCaptureCss(identity: string, hidden: boolean): string {
  const tile = `[${REMOTE_TILE_ATTRIBUTE}]`;
  const rules = [
    `${tile}:has(video)::after{content:"";position:absolute;inset:0;pointer-events:none;` +
      `background-image:${watermarkImage(identity)};background-repeat:repeat;z-index:1}`,
  ];
  if (hidden) rules.push(`${tile} video{filter:blur(28px)}`);
  return rules.join('\n');
}

/**
 * The signed-in viewer's account settings applied to the call (mounted once in CallView):
 * the layout the call opens in (customize conference), and anti-screen-capture: the viewer's
 * own name and email drawn across other people's video, so a capture names who took it, and
 * that video blurred while the tab is hidden (where capture tools usually run).
 */
export function AccountCallSettings() {
  const session = useRoom();
  const settings = useAccountSettings().data;
  const layout = useRoomState((s) => s.room.layout);
  const hidden = useSyncExternalStore(subscribeVisibility, tabHidden, () => false);
  const layoutApplied = useRef(false);

  useEffect(() => {
    if (!settings || layoutApplied.current) return;
    layoutApplied.current = true;
    // Only the opening layout: a pin for everyone or the person's own change wins.
    if (settings.settings.default_layout !== 'gallery' && layout === 'gallery') {
      session.setLayout(settings.settings.default_layout);
    }
  }, [settings, layout, session]);

  if (!settings?.settings.anti_screen_capture) return null;
  const identity = [displayName(settings), settings.email ?? settings.username]
    .filter(Boolean)
    .join(' · ');
  return <style data-anti-capture="">{antiCaptureCss(identity, hidden)}</style>;
}
