import { startHostedCall, test, expect } from './support/call.ts';

/**
 * Issue 14 item 4, the backstage: in a meeting (everyone up to 8 presents) a presenter goes
 * invisible and disappears from another guest's stage and participant list while the host still
 * lists them as backstage; the last visible presenter is refused ('Too few presenters to go
 * invisible'); moving everyone backstage needs a pinned presenter ('Please pin a presenter
 * first'); the host brings the presenter back and the guest sees her again.
 */
test('a presenter goes backstage and comes back; the last visible presenter is refused', async ({
  call,
  request,
}) => {
  const { event, hostPerson } = await startHostedCall(call, request);
  const pia = await call.openAsGuest('Pia Presenter', event);
  await call.join(pia);
  const gus = await call.openAsGuest('Gus Guest', event);
  await call.join(gus);
  await expect(gus.room.tile('Pia Presenter')).toBeVisible();
  await gus.room.openParticipants();
  await expect(gus.room.participant('Pia Presenter')).toBeVisible();

  // Pia goes invisible: she still sees the room and is told she is invisible.
  const invisible = pia.room.controls.getByRole('button', { name: 'Invisible' });
  await invisible.click();
  await expect(invisible).toHaveAttribute('aria-pressed', 'true');
  await expect(pia.page.getByText('You are invisible')).toBeVisible();
  await expect(pia.room.tile('Gus Guest')).toBeVisible();

  // Gone from Gus's stage and list; the host lists her as backstage.
  await expect(gus.room.tile('Pia Presenter')).toHaveCount(0);
  await expect(gus.room.participant('Pia Presenter')).toHaveCount(0);
  await expect(hostPerson.room.tile('Pia Presenter')).toHaveCount(0);
  await hostPerson.room.openParticipants();
  await expect(hostPerson.room.participant('Pia Presenter').getByText('Backstage')).toBeVisible();

  // Gus is now the last visible presenter: refused.
  await gus.room.controls.getByRole('button', { name: 'Invisible' }).click();
  await expect(gus.page.getByText('Too few presenters to go invisible')).toBeVisible();
  await expect(gus.room.controls.getByRole('button', { name: 'Invisible' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Everyone backstage needs a pinned presenter to keep on the stage.
  await hostPerson.room.controls.getByRole('button', { name: 'Backstage' }).click();
  await hostPerson.page
    .getByRole('menuitem', { name: 'Move all presenters to the backstage' })
    .click();
  await expect(hostPerson.page.getByText('Please pin a presenter first')).toBeVisible();

  // The host brings Pia back: Gus sees her again.
  await hostPerson.room.act('Pia Presenter', 'Bring back to the stage');
  await expect(gus.room.tile('Pia Presenter')).toBeVisible();
  await expect(gus.room.participant('Pia Presenter')).toBeVisible();
  await expect(invisible).toHaveAttribute('aria-pressed', 'false');
});
