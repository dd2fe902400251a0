import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The live room at /j/:alias/room (English names; the Vietnamese ones are in
 * apps/web/src/features/room/i18n.ts). Toggles keep their name and expose their state as
 * aria-pressed: `room.microphone` with `toHaveAttribute('aria-pressed', 'true')`.
 */
export class RoomPage {
  constructor(readonly page: Page) {}

  /** Waits for the call itself (past joining and any waiting screen). */
  async waitForCall(): Promise<void> {
    await expect(this.page).toHaveURL(/\/j\/[^/]+\/room$/);
    await expect(this.controls).toBeVisible();
  }

  get controls(): Locator {
    return this.page.getByRole('region', { name: 'Call controls' });
  }
  get stage(): Locator {
    return this.page.getByRole('region', { name: 'Stage' });
  }
  get microphone(): Locator {
    return this.controls.getByRole('button', { name: 'Microphone', exact: true });
  }
  get camera(): Locator {
    return this.controls.getByRole('button', { name: 'Camera', exact: true });
  }
  get shareScreen(): Locator {
    return this.controls.getByRole('button', { name: 'Share screen' });
  }
  get hand(): Locator {
    return this.controls.getByRole('button', { name: 'Raise hand' });
  }
  get layoutMenu(): Locator {
    return this.controls.getByRole('button', { name: 'Layout' });
  }
  get devicesMenu(): Locator {
    return this.controls.getByRole('button', { name: 'Audio and video settings' });
  }
  get chatToggle(): Locator {
    return this.controls.getByRole('button', { name: 'Chat' });
  }
  get participantsToggle(): Locator {
    return this.controls.getByRole('button', { name: 'Participants' });
  }
  get leaveButton(): Locator {
    return this.controls.getByRole('button', { name: 'Leave' });
  }
  get networkQuality(): Locator {
    return this.page.getByRole('img', { name: /^Network quality: / });
  }
  get mediaUnavailable(): Locator {
    return this.page.getByText('Media is not available on this server yet');
  }
  get reconnecting(): Locator {
    return this.page.getByText('Connection lost. Reconnecting…');
  }

  /** A tile on the stage: a person's name, `<name> (you)` for oneself, `Screen of <name>`. */
  tile(name: string): Locator {
    return this.stage.getByRole('group', { name, exact: true });
  }
  /** The decoded-video element of a tile. */
  tileVideo(name: string): Locator {
    return this.stage.getByLabel(`Video of ${name}`, { exact: true });
  }

  async chooseLayout(layout: 'Gallery' | 'Speaker' | 'Pinned'): Promise<void> {
    await this.layoutMenu.click();
    await this.page.getByRole('menuitem', { name: layout }).click();
  }

  /** Frames a tile's <video> has decoded so far. */
  async decodedFrames(name: string): Promise<number> {
    return this.tileVideo(name).evaluate(
      (video) => (video as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
    );
  }

  // ---- Chat panel

  get chat(): Locator {
    return this.page.getByRole('complementary', { name: 'Chat' });
  }
  async openChat(): Promise<void> {
    if ((await this.chatToggle.getAttribute('aria-pressed')) !== 'true') {
      await this.chatToggle.click();
    }
    await expect(this.chat).toBeVisible();
  }
  get chatRecipient(): Locator {
    return this.chat.getByLabel('Send to');
  }
  get chatInput(): Locator {
    return this.chat.getByRole('textbox', { name: 'Message' });
  }
  get chatSend(): Locator {
    return this.chat.getByRole('button', { name: 'Send message' });
  }
  get chatAttach(): Locator {
    return this.chat.getByRole('button', { name: 'Attach a file' });
  }
  /** Picks a file to send with the next message (the attach button opens a file input). */
  async attach(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.openChat();
    const chooser = this.page.waitForEvent('filechooser');
    await this.chatAttach.click();
    await (await chooser).setFiles(file);
  }
  /** The download link of a shared file in the chat. */
  fileLink(name: string): Locator {
    return this.chat.getByRole('link', { name: `Download ${name}` });
  }
  /** Hosts and co-hosts: 'Export chat (.txt)' and 'New chat passcode'. */
  get chatOptions(): Locator {
    return this.chat.getByRole('button', { name: 'Chat options' });
  }
  /**
   * Exports the chat (a .txt download). Once a chat passcode was set, the passcode prompt
   * ('Chat passcode' field, 'Export' button) comes first; pass it here.
   */
  async exportChat(passcode?: string): Promise<void> {
    await this.openChat();
    await this.chatOptions.click();
    await this.page.getByRole('menuitem', { name: 'Export chat (.txt)' }).click();
    if (passcode !== undefined) {
      const dialog = this.page.getByRole('dialog', { name: 'Chat passcode' });
      await dialog.getByLabel('Chat passcode').fill(passcode);
      await dialog.getByRole('button', { name: 'Export' }).click();
    }
  }
  /** Sets a new chat passcode (confirmed) and returns it as shown once. */
  async newChatPasscode(): Promise<string> {
    await this.openChat();
    await this.chatOptions.click();
    await this.page.getByRole('menuitem', { name: 'New chat passcode' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const code = this.page
      .getByRole('dialog', { name: 'Chat passcode' })
      .getByLabel('Chat passcode');
    await expect(code).toBeVisible();
    return (await code.innerText()).trim();
  }
  get chatMessages(): Locator {
    return this.chat.getByRole('listitem');
  }
  /** Sends to everyone, or to one person by name (a private message); `attach` first for a file. */
  async sendChat(text: string, to?: string): Promise<void> {
    await this.openChat();
    await this.chatRecipient.selectOption({ label: to ?? 'Everyone' });
    await this.chatInput.fill(text);
    await this.chatSend.click();
    await expect(this.chatInput).toHaveValue('');
  }

  // ---- Participants panel and host controls

  get participants(): Locator {
    return this.page.getByRole('complementary', { name: 'Participants' });
  }
  async openParticipants(): Promise<void> {
    if ((await this.participantsToggle.getAttribute('aria-pressed')) !== 'true') {
      await this.participantsToggle.click();
    }
    await expect(this.participants).toBeVisible();
  }
  get lockSwitch(): Locator {
    return this.participants.getByRole('switch', { name: 'Lock the room' });
  }
  get waitingRoomSwitch(): Locator {
    return this.participants.getByRole('switch', { name: 'Waiting room' });
  }
  get muteAll(): Locator {
    return this.participants.getByRole('button', { name: 'Mute all' });
  }
  get stopAllCameras(): Locator {
    return this.participants.getByRole('button', { name: 'Stop all cameras' });
  }
  get exportParticipants(): Locator {
    return this.participants.getByRole('button', { name: 'Export participants (CSV)' });
  }
  get endForAll(): Locator {
    return this.participants.getByRole('button', { name: 'End for all' });
  }
  get admitAll(): Locator {
    return this.participants.getByRole('button', { name: 'Admit all' });
  }
  get denyAll(): Locator {
    return this.participants.getByRole('button', { name: 'Deny all' });
  }
  admit(name: string): Locator {
    return this.participants.getByRole('button', { name: `Admit ${name}` });
  }
  deny(name: string): Locator {
    return this.participants.getByRole('button', { name: `Deny ${name}` });
  }
  participant(name: string): Locator {
    return this.participants.getByRole('listitem', { name, exact: true });
  }

  /**
   * Opens a participant's menu and picks an action: 'Ask to turn on microphone', 'Ask to turn
   * on camera', 'Lower hand', 'Make presenter', 'Stop presenting', 'Make co-host', 'Remove
   * co-host', 'Pin for everyone', 'Unpin for everyone', 'Remove from the room', 'Block'. Those
   * that ask for confirmation (co-host, remove, block) are confirmed.
   */
  async act(name: string, action: string): Promise<void> {
    await this.openParticipants();
    await this.participants.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
    if (/co-host|Remove from|Block/.test(action)) {
      await this.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    }
  }

  async endForEveryone(): Promise<void> {
    await this.openParticipants();
    await this.endForAll.click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  }

  // ---- Prompts and waiting screens

  /** A host's request to turn on the microphone ('audio') or camera ('video'). */
  askPrompt(kind: 'audio' | 'video'): Locator {
    return this.page.getByRole('alertdialog', {
      name: `The host asks you to turn on your ${kind === 'audio' ? 'microphone' : 'camera'}`,
    });
  }
  async answerAsk(kind: 'audio' | 'video', answer: 'Accept' | 'Decide later'): Promise<void> {
    await this.askPrompt(kind).getByRole('button', { name: answer }).click();
  }

  /** 'Room is locked', 'Waiting room', 'Waiting for the host', 'Room is Full'. */
  waitingScreen(heading: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: heading });
  }

  async leave(): Promise<void> {
    await this.leaveButton.click();
    await expect(this.page).toHaveURL(/\/ended\/[^/?]+\?reason=left$/);
  }
}

/** /ended/:alias after leaving, removal or the end of the event. */
export class EndCallPage {
  constructor(readonly page: Page) {}

  /** 'You left the event', 'The host ended the event', 'You were removed from the event', … */
  heading(text: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: text });
  }
  get rejoin(): Locator {
    return this.page.getByRole('link', { name: 'Re-join' });
  }
  get upcoming(): Locator {
    return this.page.getByRole('region', { name: 'Your upcoming events' });
  }
  get apps(): Locator {
    return this.page.getByRole('region', { name: 'Podium apps' });
  }
}
