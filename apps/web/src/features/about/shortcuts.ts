/**
 * The keyboard shortcuts of a call, as the call implements them (features/room: CallView's
 * Escape handler, ChatPanel's Enter handler). shortcuts.test.ts reads those files so this list
 * cannot drift from what the call does.
 */
export interface Shortcut {
  /** Keys pressed together, as printed on the keys. */
  keys: readonly string[];
  /** i18n key of what it does. */
  action: string;
}

export const CALL_SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Tab'], action: 'about.help.keys.nextControl' },
  { keys: ['Shift', 'Tab'], action: 'about.help.keys.previousControl' },
  { keys: ['Space'], action: 'about.help.keys.press' },
  { keys: ['Enter'], action: 'about.help.keys.press' },
  { keys: ['Esc'], action: 'about.help.keys.closePanel' },
  { keys: ['Enter'], action: 'about.help.keys.sendChat' },
  { keys: ['Shift', 'Enter'], action: 'about.help.keys.newLine' },
];
