import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { DIALOG_WIDTH_PX, THEME_PRIMARY } from '@podium/protocol';
import { ACCENT_SHADE, shadesAround } from './palette.ts';

export const COLOR_SCHEME_STORAGE_KEY = 'podium-color-scheme';

export const theme = createTheme({
  primaryColor: 'podium',
  primaryShade: { light: ACCENT_SHADE, dark: ACCENT_SHADE },
  colors: { podium: shadesAround(THEME_PRIMARY) },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // Required fields carry the `required` attribute (announced by screen readers) without an
    // asterisk inside the label, so a label's text is exactly the field's accessible name;
    // optional fields say "Optional" instead.
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
    // Spec §9: dialogs are 446 px wide.
    Modal: { defaultProps: { size: DIALOG_WIDTH_PX, centered: true } },
  },
});

/** Spec §4: light unless a (dark) theme was chosen; the choice lives in local storage. */
export const colorSchemeManager = localStorageColorSchemeManager({
  key: COLOR_SCHEME_STORAGE_KEY,
});
