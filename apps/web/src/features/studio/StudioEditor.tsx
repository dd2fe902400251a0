import { useState, type ReactNode } from 'react';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  BADGE_STYLES,
  FONT_STYLES,
  LOGO_POSITIONS,
  STUDIO_FONT_SIZE_MAX,
  STUDIO_FONT_SIZE_MIN,
  STUDIO_FONTS,
  STUDIO_TEXT_MAX,
  TEXT_EFFECT_KINDS,
  TEXT_TRANSFORMS,
  type StudioState,
} from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { ImageField } from './ImageField.tsx';

export type StudioSection = 'badge' | 'logo' | 'scene' | 'text' | 'layout';
const SECTIONS: readonly StudioSection[] = ['badge', 'logo', 'scene', 'text', 'layout'];

/**
 * The spec's studio modals (§2: name badge, logo, scene, text effect, layout), one button each.
 * Shared by /app/customize_conference (the account's defaults) and the call's Studio panel (the
 * live event): `onSave` gets the whole studio with the section changed.
 */
export function StudioEditor({
  studio,
  onSave,
}: {
  studio: StudioState;
  onSave: (next: StudioState) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<StudioSection | null>(null);
  return (
    <>
      <Group gap="xs">
        {SECTIONS.map((section) => (
          <Button
            key={section}
            variant="light"
            aria-haspopup="dialog"
            onClick={() => setOpen(section)}
          >
            {t(`studio.open.${section}`)}
          </Button>
        ))}
      </Group>
      {open ? (
        <SectionModal
          key={open}
          section={open}
          studio={studio}
          onClose={() => setOpen(null)}
          onSave={async (next) => {
            if (await onSave(next)) setOpen(null);
          }}
        />
      ) : null}
    </>
  );
}

function SectionModal({
  section,
  studio,
  onClose,
  onSave,
}: {
  section: StudioSection;
  studio: StudioState;
  onClose: () => void;
  onSave: (next: StudioState) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(studio);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  };
  let body: ReactNode;
  switch (section) {
    case 'badge':
      body = <BadgeFields draft={draft} setDraft={setDraft} />;
      break;
    case 'logo':
      body = <LogoFields draft={draft} setDraft={setDraft} />;
      break;
    case 'scene':
      body = (
        <ImageField
          purpose="scene"
          label={t('studio.scene.image')}
          value={draft.scene.image}
          onChange={(image) => setDraft({ ...draft, scene: { image } })}
        />
      );
      break;
    case 'text':
      body = <TextFields draft={draft} setDraft={setDraft} />;
      break;
    case 'layout':
      body = <LayoutFields draft={draft} setDraft={setDraft} />;
      break;
    default:
      body = section satisfies never;
  }
  return (
    <Modal opened onClose={onClose} title={t(`studio.open.${section}`)} centered>
      <Stack gap="md">
        {body}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('studio.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {t('studio.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface FieldsProps {
  draft: StudioState;
  setDraft: (next: StudioState) => void;
}

function BadgeFields({ draft, setDraft }: FieldsProps) {
  const { t } = useTranslation();
  const badge = draft.badge;
  return (
    <>
      <Switch
        label={t('studio.badge.enabled')}
        checked={badge.enabled}
        onChange={(e) =>
          setDraft({ ...draft, badge: { ...badge, enabled: e.currentTarget.checked } })
        }
      />
      <Select
        label={t('studio.badge.style')}
        data={BADGE_STYLES.map((value) => ({ value, label: t(`studio.badge.styles.${value}`) }))}
        value={badge.style}
        allowDeselect={false}
        onChange={(value) => {
          const style = BADGE_STYLES.find((s) => s === value);
          if (style) setDraft({ ...draft, badge: { ...badge, style } });
        }}
      />
      <ImageField
        purpose="badge"
        label={t('studio.badge.image')}
        value={badge.image}
        onChange={(image) => setDraft({ ...draft, badge: { ...badge, image } })}
      />
    </>
  );
}

function LogoFields({ draft, setDraft }: FieldsProps) {
  const { t } = useTranslation();
  const logo = draft.logo;
  return (
    <>
      <ImageField
        purpose="logo"
        label={t('studio.logo.image')}
        value={logo.image}
        onChange={(image) => setDraft({ ...draft, logo: { ...logo, image } })}
      />
      <Select
        label={t('studio.logo.position')}
        data={LOGO_POSITIONS.map((value) => ({
          value,
          label: t(`studio.logo.positions.${value}`),
        }))}
        value={logo.position}
        allowDeselect={false}
        onChange={(value) => {
          const position = LOGO_POSITIONS.find((p) => p === value);
          if (position) setDraft({ ...draft, logo: { ...logo, position } });
        }}
      />
    </>
  );
}

function pick<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((o) => o === value);
}

function TextFields({ draft, setDraft }: FieldsProps) {
  const { t } = useTranslation();
  const text = draft.text;
  const set = (change: Partial<StudioState['text']>) =>
    setDraft({ ...draft, text: { ...text, ...change } });
  const options = <T extends string>(values: readonly T[], group: string) =>
    values.map((value) => ({ value, label: t(`studio.text.${group}.${value}`) }));
  return (
    <>
      <Switch
        label={t('studio.text.enabled')}
        checked={text.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      <SegmentedControl
        aria-label={t('studio.text.kind')}
        data={options(TEXT_EFFECT_KINDS, 'kinds')}
        value={text.kind}
        onChange={(value) => {
          const kind = pick(TEXT_EFFECT_KINDS, value);
          if (kind) set({ kind });
        }}
      />
      <TextInput
        label={t('studio.text.text')}
        value={text.text}
        maxLength={STUDIO_TEXT_MAX}
        onChange={(e) => set({ text: e.currentTarget.value })}
      />
      <Group grow>
        <Select
          label={t('studio.text.font')}
          data={options(STUDIO_FONTS, 'fonts')}
          value={text.font}
          allowDeselect={false}
          onChange={(value) => {
            const font = pick(STUDIO_FONTS, value);
            if (font) set({ font });
          }}
        />
        <Select
          label={t('studio.text.fontStyle')}
          data={options(FONT_STYLES, 'fontStyles')}
          value={text.font_style}
          allowDeselect={false}
          onChange={(value) => {
            const fontStyle = pick(FONT_STYLES, value);
            if (fontStyle) set({ font_style: fontStyle });
          }}
        />
      </Group>
      <Group grow>
        <NumberInput
          label={t('studio.text.fontSize')}
          min={STUDIO_FONT_SIZE_MIN}
          max={STUDIO_FONT_SIZE_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          value={text.font_size}
          onChange={(value) => {
            if (typeof value === 'number') set({ font_size: value });
          }}
        />
        <Select
          label={t('studio.text.transform')}
          data={options(TEXT_TRANSFORMS, 'transforms')}
          value={text.text_transform}
          allowDeselect={false}
          onChange={(value) => {
            const transform = pick(TEXT_TRANSFORMS, value);
            if (transform) set({ text_transform: transform });
          }}
        />
      </Group>
      <Group grow>
        <ColorInput
          label={t('studio.text.color')}
          format="hex"
          value={text.color}
          onChange={(color) => {
            if (/^#[0-9a-f]{6}$/i.test(color)) set({ color });
          }}
        />
        <ColorInput
          label={t('studio.text.background')}
          format="hex"
          value={text.background}
          onChange={(background) => {
            if (/^#[0-9a-f]{6}$/i.test(background)) set({ background });
          }}
        />
      </Group>
    </>
  );
}

const LAYOUT_CHOICES = ['own', '1', '2', '3'] as const;

function LayoutFields({ draft, setDraft }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('studio.layout.label')}
      value={draft.layout === null ? 'own' : String(draft.layout)}
      onChange={(value) =>
        setDraft({
          ...draft,
          layout: value === '1' ? 1 : value === '2' ? 2 : value === '3' ? 3 : null,
        })
      }
    >
      <Stack gap="xs" mt="xs">
        {LAYOUT_CHOICES.map((choice) => (
          <Radio key={choice} value={choice} label={t(`studio.layout.modes.${choice}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
