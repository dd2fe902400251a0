import {
  addAgent,
  createQrAlias,
  expectAgentsOnline,
  IncomingCallDialog,
  QrVisitorPage,
} from '../pages/qr-call.ts';
import { expectMediaFlow, expectTileDecoding, signUpHost, test, expect } from './support/call.ts';

/**
 * Issue 5 item 3, "QR call": a visitor calls a business through its QR code; both agents ring,
 * the first to accept meets the visitor one-to-one through Janus (media both ways, asserted on
 * the receiving side), and the other agent stops ringing ('Answered by another agent').
 */
test('a visitor calls through a QR code; one of two agents answers and they see and hear each other', async ({
  call,
  request,
}) => {
  const owner = await signUpHost(request, 'Owner Ông');
  const agentA = await signUpHost(request, 'Agent An');
  const agentB = await signUpHost(request, 'Agent Bình');
  const alias = await createQrAlias(request, owner.token);
  await addAgent(request, owner.token, alias.name, agentA.email);
  await addAgent(request, owner.token, alias.name, agentB.email);

  // Both agents are signed in, each on a page of the app of their own.
  const a = await call.open(agentA.name);
  await call.signIn(a, agentA);
  await a.page.goto('/app');
  const b = await call.open(agentB.name);
  await call.signIn(b, agentB);
  await b.page.goto('/app/conferences');
  await expectAgentsOnline(request, owner.token, alias.name, 2);

  const visitor = await call.open('Khách Vy');
  const qr = new QrVisitorPage(visitor.page);
  await qr.goto(alias.name);
  await qr.callAs('Khách Vy');
  await expect(qr.calling).toBeVisible();

  const ringA = new IncomingCallDialog(a.page);
  const ringB = new IncomingCallDialog(b.page);
  await expect(ringA.dialog).toContainText(`Khách Vy is calling ${alias.title}`);
  await expect(ringB.dialog).toContainText(`Khách Vy is calling ${alias.title}`);

  await ringA.accept('Khách Vy').click();
  // The other agent stops ringing and is told why.
  await expect(ringB.dialog).toBeHidden();
  await expect(b.page.getByText('Answered by another agent')).toBeVisible();

  // Agent and visitor land in the same private call room.
  await expect(a.page).toHaveURL(/\/j\/[^/]+\/room$/);
  await expect(visitor.page).toHaveURL(/\/j\/[^/]+\/room$/);
  expect(new URL(visitor.page.url()).pathname).toBe(new URL(a.page.url()).pathname);
  await a.room.waitForCall();
  await visitor.room.waitForCall();
  await expect(a.room.tile('Khách Vy')).toBeVisible();
  await expect(visitor.room.tile(agentA.name)).toBeVisible();

  await call.cameraAndMicOn(a);
  await call.cameraAndMicOn(visitor);
  await expectMediaFlow(a.page, { video: 1, audio: 1 });
  await expectMediaFlow(visitor.page, { video: 1, audio: 1 });
  await expectTileDecoding(a.room, 'Khách Vy');
  await expectTileDecoding(visitor.room, agentA.name);

  // Agent B never joined.
  await expect(a.room.tile(agentB.name)).toHaveCount(0);
  expect(b.page.url()).toMatch(/\/app\/conferences$/);
});
