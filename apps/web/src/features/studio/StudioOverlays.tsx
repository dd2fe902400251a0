import type { CSSProperties } from 'react';
import { STUDIO_FONT_STACKS, storageFileUrl, type StudioState } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import classes from './StudioOverlays.module.css';
import { bandHeight, logoAlignment, logoPlacement, scaleOf, type Area } from './overlayGeometry.ts';

/** The scene: an image behind the stage's tiles, covering the whole stage area. */
export function StudioScene({ studio }: { studio: StudioState }) {
  const { t } = useTranslation();
  if (!studio.scene.image) return null;
  return (
    <img
      data-studio-scene=""
      src={storageFileUrl(studio.scene.image)}
      alt={t('studio.stage.scene')}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}

function textStyle(text: StudioState['text'], scale: number): CSSProperties {
  return {
    fontFamily: STUDIO_FONT_STACKS[text.font],
    fontSize: text.font_size * scale,
    fontWeight: text.font_style.startsWith('bold') ? 700 : 400,
    fontStyle: text.font_style.endsWith('italic') ? 'italic' : 'normal',
    textTransform: text.text_transform,
    color: text.color,
    lineHeight: 1.4,
  };
}

/** Over the tiles: the logo in its place and the text banner or ticker along the bottom. */
export function StudioFront({ studio, area }: { studio: StudioState; area: Area }) {
  const { t } = useTranslation();
  const scale = scaleOf(area);
  const text = studio.text;
  const showText = text.enabled && text.text.trim() !== '';
  const band = showText ? bandHeight(text, scale) : 0;
  const logo = studio.logo.image ? logoPlacement(studio.logo.position, area, band) : null;
  return (
    <>
      {logo && studio.logo.image ? (
        <div
          data-studio-logo=""
          data-position={studio.logo.position}
          style={{
            position: 'absolute',
            ...logo,
            display: 'flex',
            ...logoAlignment(studio.logo.position),
          }}
        >
          <img
            src={storageFileUrl(studio.logo.image)}
            alt={t('studio.stage.logo')}
            // As tall as its box (which scales with the stage), never wider: a 100x100 logo is
            // 100 px on a 720-high stage, larger ones are scaled down, smaller ones up.
            style={{ height: '100%', width: 'auto', maxWidth: '100%', objectFit: 'contain' }}
          />
        </div>
      ) : null}
      {showText ? (
        <div
          data-studio-text={text.kind}
          role={text.kind === 'ticker' ? 'marquee' : 'note'}
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: band,
            background: text.background,
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: text.kind === 'banner' ? 'center' : 'flex-start',
            padding: `0 ${16 * scale}px`,
            boxSizing: 'border-box',
          }}
        >
          <span
            className={text.kind === 'ticker' ? classes.ticker : undefined}
            style={{
              ...textStyle(text, scale),
              whiteSpace: 'nowrap',
              overflow: text.kind === 'banner' ? 'hidden' : undefined,
              textOverflow: text.kind === 'banner' ? 'ellipsis' : undefined,
            }}
          >
            {text.text}
          </span>
        </div>
      ) : null}
    </>
  );
}

const BADGE_LOOKS: Record<StudioState['badge']['style'], CSSProperties> = {
  classic: { background: '#c52428', color: '#ffffff', fontWeight: 600 },
  bold: { background: '#ffffff', color: '#111111', fontWeight: 800, textTransform: 'uppercase' },
  minimal: { background: 'rgba(0, 0, 0, 0.55)', color: '#ffffff', fontWeight: 400 },
};

/**
 * A presenter's name badge (a lower third) over their tile: the badge image behind the name, or
 * a built-in look. Sized in container units of its tile, so it scales with the tile.
 */
export function NameBadge({ studio, name }: { studio: StudioState; name: string }) {
  const badge = studio.badge;
  if (!badge.enabled) return null;
  const look: CSSProperties = badge.image
    ? {
        backgroundImage: `url(${storageFileUrl(badge.image)})`,
        backgroundSize: '100% 100%',
        color: '#ffffff',
        fontWeight: 700,
        textShadow: '0 1px 2px rgba(0,0,0,.6)',
      }
    : BADGE_LOOKS[badge.style];
  return (
    <div style={{ position: 'absolute', inset: 0, containerType: 'size', pointerEvents: 'none' }}>
      <div
        data-studio-badge={badge.image ? 'image' : badge.style}
        style={{
          position: 'absolute',
          left: '4%',
          bottom: '16%',
          maxWidth: '70%',
          height: '13cqh',
          minHeight: 18,
          padding: '0 3cqh',
          display: 'flex',
          alignItems: 'center',
          fontSize: 'max(11px, 6.5cqh)',
          borderRadius: 4,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          ...look,
        }}
      >
        {name}
      </div>
    </div>
  );
}
