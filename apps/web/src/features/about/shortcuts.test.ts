// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/i18n/resources.ts';
import { CALL_SHORTCUTS } from './shortcuts.ts';

const room = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../room');
const read = (file: string) => fs.readFileSync(path.join(room, file), 'utf8');

describe('the help page keyboard shortcuts', () => {
  it('list only keys the call handles: Escape closes a panel, Enter sends, Shift+Enter breaks', () => {
    // The call's own handlers; if one goes or changes, the help page must change with it.
    expect(read('ui/CallView.tsx')).toMatch(/event\.key !== 'Escape'[\s\S]*openPanel\(null\)/);
    expect(read('features/chat/ChatPanel.tsx')).toMatch(/e\.key === 'Enter' && !e\.shiftKey/);
    const described = CALL_SHORTCUTS.map((s) => `${s.keys.join('+')} ${s.action}`);
    expect(described).toContain('Esc about.help.keys.closePanel');
    expect(described).toContain('Enter about.help.keys.sendChat');
    expect(described).toContain('Shift+Enter about.help.keys.newLine');
  });

  it('describes every shortcut in English and Vietnamese', () => {
    for (const lang of ['en', 'vi'] as const) {
      for (const { action } of CALL_SHORTCUTS) {
        const text = action
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown> | undefined)?.[part],
            resources[lang],
          );
        expect(typeof text, `${lang} ${action}`).toBe('string');
      }
    }
  });
});
