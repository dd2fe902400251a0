import type { Page } from '@playwright/test';
import { expectMediaFlow, flowOver, startHostedCall, test, expect } from './support/call.ts';

/** The room's audio elements: which channel each plays (empty: original) and how loud. */
function playing(page: Page): Promise<{ channel: string; volume: number }[]> {
  return page.evaluate(() =>
    // Array.from, not spread: e2e's lib has no DOM.Iterable.
    Array.from(document.querySelectorAll<HTMLAudioElement>('audio[data-channel]'))
      .filter((a) => a.srcObject !== null)
      .map((a) => ({ channel: a.dataset.channel ?? '', volume: a.volume }))
      .sort((a, b) => a.channel.localeCompare(b.channel)),
  );
}

/**
 * Issue 4, interpreters: the host makes a guest the interpreter of "English". A listener on
 * Original does not receive the interpreter at all; choosing English, the interpreter's audio
 * arrives and plays at full volume while the original (the host) plays at 20 %; back on
 * Original, the interpreter's audio stops arriving.
 */
test('a listener hears the English interpreter over the lowered original, and only when chosen', async ({
  call,
  request,
}) => {
  const { event, hostPerson } = await startHostedCall(call, request);
  const ivy = await call.openAsGuest('Ivy Interpreter', event);
  await call.join(ivy);
  const lan = await call.openAsGuest('Lan Listener', event);
  await call.join(lan);

  // The host speaks: the listener hears the original at full volume.
  await hostPerson.room.microphone.click();
  await expect(hostPerson.room.microphone).toHaveAttribute('aria-pressed', 'true');
  await expectMediaFlow(lan.page, { audio: 1 });
  await expect.poll(() => playing(lan.page)).toEqual([{ channel: '', volume: 1 }]);

  // The host makes Ivy the interpreter of "English", naming the channel in the dialog.
  await hostPerson.room.act('Ivy Interpreter', 'Make interpreter…');
  const dialog = hostPerson.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Make interpreter' }).click();
  await expect(dialog.getByText('Enter the name of the language channel')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Language channel' }).fill('English');
  await dialog.getByRole('button', { name: 'Make interpreter' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ivy.room.controls.getByText('Interpreting into: English')).toBeVisible();

  await ivy.room.microphone.click();
  await expect(ivy.room.microphone).toHaveAttribute('aria-pressed', 'true');

  // Lan is on Original: Ivy's audio does not arrive, only the host's.
  const channel = lan.room.controls.getByRole('combobox', { name: 'Interpretation channel' });
  await expect(channel).toHaveValue('');
  await expect(channel.getByRole('option')).toHaveText(['Original', 'English']);
  await expect.poll(async () => (await flowOver(lan.page)).audio).toBe(1);

  // English: the interpreter arrives at full volume, the original lowered to 20 %.
  await channel.selectOption('English');
  await expectMediaFlow(lan.page, { audio: 2 });
  await expect
    .poll(() => playing(lan.page))
    .toEqual([
      { channel: '', volume: 0.2 },
      { channel: 'English', volume: 1 },
    ]);

  // Back to Original: the interpreter's audio is no longer received nor played.
  await channel.selectOption('Original');
  await expect.poll(() => playing(lan.page)).toEqual([{ channel: '', volume: 1 }]);
  await expect.poll(async () => (await flowOver(lan.page)).audio, { timeout: 15_000 }).toBe(1);

  // The host stops the interpretation: the channel goes from the listener's choices.
  await hostPerson.room.act('Ivy Interpreter', 'Stop interpreting');
  await expect(channel).toHaveCount(0);
});
