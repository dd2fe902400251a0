import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { STORE_KINDS } from './support/stores.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture.ts';
import { hoursFromNow, signUpAndLogin, type SignedIn } from './events-support.ts';
import { aliases, aliasParticipants } from '../src/store/schema.ts';

const PERMISSION = 'You do not have permission to perform this function';

describe.each(STORE_KINDS)('events API on %s', (kind) => {
  let smtp: SmtpCapture;
  let server: TestServer;
  let owner: SignedIn;
  let other: SignedIn;

  const create = (body: Record<string, unknown>, token = owner.token) =>
    server.api('/api/account/qrcode/create', { body, token });
  const update = (body: Record<string, unknown>, token = owner.token) =>
    server.api('/api/account/qrcode/update', { body, token });
  const list = (body: Record<string, unknown>, token: string) =>
    server.api('/api/account/qrcode/list/conference', { body, token });
  const db = () => server.podium.services.store.db;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(kind, { SMTP_URL: smtp.url });
    owner = await signUpAndLogin(server, 'owner', 'Lan Nguyễn');
    other = await signUpAndLogin(server, 'other');
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('creates an event with a random 12-character alias and the contract fields', async () => {
    const start = hoursFromNow(24);
    const res = await create({
      type: 'conference',
      title: 'Weekly sync',
      start_time: start,
      mode: 'meeting',
    });
    expect(res.status).toBe(201);
    const a = res.body;
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.name).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(a).toMatchObject({
      type: 'conference',
      title: 'Weekly sync',
      description: '',
      require_passcode: false,
      passcode: null,
      start_time: start,
      end_time: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
      duration: 60,
      mode: 'meeting',
      join_before_host: false,
      invite_link: `${server.url}/j/${a.name}`,
      speakers: [],
      expired_at: null,
      // The account has not confirmed its address yet: events do not need that.
      owner: { id: owner.id, name: 'Lan Nguyễn' },
    });
    expect(a.speaker_link).toMatch(new RegExp(`^${server.url}/j/${a.name}\\?speaker=[\\w-]{22}$`));
    expect(Date.parse(a.created_at)).not.toBeNaN();
    expect(Date.parse(a.updated_at)).not.toBeNaN();
  });

  it('accepts an end time or a duration, and offsets in the start time', async () => {
    const withEnd = await create({
      title: 'Ends',
      start_time: '2031-05-01T09:00:00+07:00',
      end_time: '2031-05-01T11:30:00+07:00',
      mode: 'conference',
    });
    expect(withEnd.status).toBe(201);
    expect(withEnd.body).toMatchObject({
      start_time: '2031-05-01T02:00:00.000Z',
      end_time: '2031-05-01T04:30:00.000Z',
      duration: 150,
    });
    const withDuration = await create({
      title: 'Lasts',
      start_time: '2031-05-01T09:00Z',
      duration: 45,
      mode: 'theater',
    });
    expect(withDuration.status).toBe(201);
    expect(withDuration.body).toMatchObject({ end_time: '2031-05-01T09:45:00.000Z', duration: 45 });
  });

  it('refuses requests without a valid token', async () => {
    const res = await server.api('/api/account/qrcode/create', {
      body: { title: 'x', start_time: hoursFromNow(1) },
    });
    expect(res.status).toBe(401);
    const bad = await create({ title: 'x', start_time: hoursFromNow(1) }, 'pat_not-a-token');
    expect(bad.status).toBe(401);
  });

  it('answers bad input with 400 and field messages, saving nothing', async () => {
    const fresh = await signUpAndLogin(server, 'validator');
    const start = '2031-01-01T10:00:00Z';
    const ok = { title: 'Valid', start_time: start, mode: 'meeting' };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [
        'end before start',
        { end_time: '2031-01-01T09:00:00Z' },
        'end_time',
        'End time must be after start time',
      ],
      ['end equal to start', { end_time: start }, 'end_time', 'End time must be after start time'],
      [
        'longer than a day',
        { end_time: '2031-01-02T10:01:00Z' },
        'end_time',
        'Duration must be between 1 and 1440 minutes',
      ],
      [
        'unparsable start',
        { start_time: 'next tuesday' },
        'start_time',
        'Enter a valid date and time (ISO 8601 with a time zone)',
      ],
      [
        'impossible date',
        { start_time: '2031-02-30T10:00:00Z' },
        'start_time',
        'Enter a valid date and time (ISO 8601 with a time zone)',
      ],
      [
        'no time zone',
        { start_time: '2031-01-01T10:00:00' },
        'start_time',
        'Enter a valid date and time (ISO 8601 with a time zone)',
      ],
      [
        'start as number',
        { start_time: 1_700_000_000 },
        'start_time',
        'Enter a valid date and time (ISO 8601 with a time zone)',
      ],
      [
        'missing start',
        { start_time: undefined },
        'start_time',
        'Enter a valid date and time (ISO 8601 with a time zone)',
      ],
      ['duration 0', { duration: 0 }, 'duration', 'Duration must be between 1 and 1440 minutes'],
      [
        'duration 1441',
        { duration: 1441 },
        'duration',
        'Duration must be between 1 and 1440 minutes',
      ],
      [
        'duration huge',
        { duration: 1e300 },
        'duration',
        'Duration must be between 1 and 1440 minutes',
      ],
      ['missing title', { title: '   ' }, 'title', 'Please fill out this field'],
      ['long title', { title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
      ['NUL in title', { title: 'a\u0000b' }, 'title', 'Text must not contain the NUL character'],
      [
        'line break in title',
        { title: 'a\nb' },
        'title',
        'Contains characters that are not allowed',
      ],
      [
        'NUL in description',
        { description: 'a\u0000b' },
        'description',
        'Text must not contain the NUL character',
      ],
      [
        'long description',
        { description: 'x'.repeat(5001) },
        'description',
        'Description must be at most 5000 characters',
      ],
      [
        'short passcode',
        { passcode: 'abc' },
        'passcode',
        'Passcode must be between 6 and 32 characters',
      ],
      [
        'long passcode',
        { passcode: 'p'.repeat(33) },
        'passcode',
        'Passcode must be between 6 and 32 characters',
      ],
      [
        'required passcode missing',
        { require_passcode: true },
        'passcode',
        'Enter the meeting/conference passcode',
      ],
      [
        'unknown mode',
        { mode: 'party' },
        'mode',
        'Choose meeting, conference, theater, livestream or end-to-end',
      ],
      ['unknown type', { type: 'webinar' }, 'type', 'Unknown event type'],
      [
        'bad vanity name',
        { name: 'has space' },
        'name',
        'Link name must be 3–64 letters, digits or hyphens',
      ],
      [
        'short vanity name',
        { name: 'ab' },
        'name',
        'Link name must be 3–64 letters, digits or hyphens',
      ],
      [
        'too many speakers',
        {
          speakers: Array.from({ length: 101 }, (_, i) => ({
            name: `S${i}`,
            email: `s${i}@example.test`,
          })),
        },
        'speakers',
        'At most 100 speakers',
      ],
      [
        'bad speaker email',
        { speakers: [{ name: 'A', email: 'not-an-email' }] },
        'speakers.0.email',
        'Invalid email address',
      ],
      [
        'duplicate speaker',
        {
          speakers: [
            { name: 'A', email: 'a@example.test' },
            { name: 'B', email: 'A@example.test' },
          ],
        },
        'speakers.1.email',
        'This email is listed twice',
      ],
    ];
    for (const [label, change, field, message] of cases) {
      const res = await create({ ...ok, ...change }, fresh.token);
      expect(res.status, label).toBe(400);
      expect(res.body.error.code, label).toBe('validation_failed');
      expect(res.body.error.fields?.[field], label).toBe(message);
    }
    const malformed = await server.api('/api/account/qrcode/create', {
      body: '{"title": "x", ',
      token: fresh.token,
    });
    expect(malformed.status).toBe(400);
    const mine = await list({}, fresh.token);
    expect(mine.body.metadata.total_count).toBe(0);
    const rows = await db().select().from(aliases).where(eq(aliases.ownerId, fresh.id));
    expect(rows).toHaveLength(0);
  });

  it('the list shows each event as it was created: speakers in order, the owner’s name, on every kind of page', async () => {
    const lister = await signUpAndLogin(server, 'lister', 'Chi Trần');
    const tag = Date.now().toString(36);
    const withSpeakers = await create(
      {
        title: 'Panel',
        start_time: hoursFromNow(30),
        speakers: [
          { name: 'Zed', email: `zed-${tag}@example.test` },
          { name: 'Ann', email: `ann-${tag}@example.test` },
        ],
      },
      lister.token,
    );
    const alone = await create({ title: 'Solo', start_time: hoursFromNow(20) }, lister.token);
    expect([withSpeakers.status, alone.status]).toEqual([201, 201]);
    // A participant who is not a speaker is not among the speakers.
    const participant = await server.api('/api/account/qrcode/participant/add', {
      body: { alias: withSpeakers.body.name, name: 'Dũng', email: `dung-${tag}@example.test` },
      token: lister.token,
    });
    expect(participant.status).toBe(201);
    const expected = [withSpeakers.body, alone.body];
    expect(withSpeakers.body.speakers.map((s: { name: string }) => s.name)).toEqual(['Zed', 'Ann']);
    expect(withSpeakers.body.owner).toEqual({ id: lister.id, name: 'Chi Trần' });

    const first = await list({}, lister.token);
    expect(first.body.entries).toEqual(expected);
    expect(first.body.metadata.total_count).toBe(2);
    const searched = await list({ search: 'panel' }, lister.token);
    expect(searched.body.entries).toEqual([withSpeakers.body]);
    expect(searched.body.metadata.total_count).toBe(1);
    const one = await list({ limit: 1 }, lister.token);
    expect(one.body.entries).toEqual([withSpeakers.body]);
    const next = await list({ limit: 1, after: one.body.metadata.after }, lister.token);
    expect(next.body.entries).toEqual([alone.body]);
    expect(next.body.metadata).toMatchObject({ total_count: 2, after: null });
    // A page past the last event has no entry but still the total.
    const past = Buffer.from(JSON.stringify([alone.body.start_time, alone.body.id])).toString(
      'base64url',
    );
    const beyond = await list({ limit: 1, after: past }, lister.token);
    expect(beyond.status).toBe(200);
    expect(beyond.body.entries).toEqual([]);
    expect(beyond.body.metadata.total_count).toBe(2);
  });

  it('vanity aliases are unique regardless of case (409 fields.name)', async () => {
    const name = `Team-Room-${Date.now().toString(36)}`;
    const first = await create({ title: 'Vanity', start_time: hoursFromNow(2), name });
    expect(first.status).toBe(201);
    expect(first.body.name).toBe(name);
    expect(first.body.invite_link).toBe(`${server.url}/j/${name}`);
    const clash = await create(
      { title: 'Vanity 2', start_time: hoursFromNow(2), name: name.toUpperCase() },
      other.token,
    );
    expect(clash.status).toBe(409);
    expect(clash.body.error.fields.name).toBe('This link name is already taken');
    const idShaped = await create({
      title: 'Sneaky',
      start_time: hoursFromNow(2),
      name: '3f0e8c2a-1b2c-4d5e-8f90-123456789abc',
    });
    expect(idShaped.status).toBe(400);
    expect(idShaped.body.error.fields).toHaveProperty('name');
  });

  it('racing creates of one vanity alias: one wins, the others leave nothing behind', async () => {
    const name = `race-${Date.now().toString(36)}`;
    const speakers = [
      { name: 'Speaker A', email: `a-${name}@example.test` },
      { name: 'Speaker B', email: `b-${name}@example.test` },
    ];
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create({ title: `Race ${i}`, start_time: hoursFromNow(3), name, speakers }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)!.body;
    const people = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(aliasParticipants)
      .where(sql`lower(${aliasParticipants.email}) like ${`%-${name}@example.test`}`);
    expect(people[0]?.n).toBe(2);
    const rows = await db()
      .select()
      .from(aliases)
      .where(sql`lower(${aliases.name}) = ${name}`);
    expect(rows.map((r) => r.id)).toEqual([winner.id]);
  });

  it('update: the owner edits, others get 403, unknown ids 404, bad merges 400', async () => {
    const created = (
      await create({ title: 'Before', start_time: '2031-03-01T10:00:00Z', duration: 30 })
    ).body;

    const moved = await update({
      id: created.id,
      title: 'After',
      start_time: '2031-03-02T10:00:00Z',
      passcode: 'open-sesame',
      join_before_host: true,
      mode: 'livestream',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: created.id,
      name: created.name,
      title: 'After',
      start_time: '2031-03-02T10:00:00.000Z',
      // Moving the start keeps the length.
      end_time: '2031-03-02T10:30:00.000Z',
      duration: 30,
      passcode: 'open-sesame',
      require_passcode: true,
      join_before_host: true,
      mode: 'livestream',
    });

    const foreign = await update({ id: created.id, title: 'Hijack' }, other.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 'forbidden', message: PERMISSION });

    const unknown = await update({ id: '00000000-0000-4000-8000-000000000000', title: 'x' });
    expect(unknown.status).toBe(404);
    const notAnId = await update({ id: 'not-a-uuid', title: 'x' });
    expect(notAnId.status).toBe(404);

    const backwards = await update({ id: created.id, end_time: '2031-03-02T09:00:00Z' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.end_time).toBe('End time must be after start time');
    const cleared = await update({ id: created.id, passcode: null, require_passcode: true });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.fields.passcode).toBe('Enter the meeting/conference passcode');

    const [row] = await db().select().from(aliases).where(eq(aliases.id, created.id));
    expect(row).toMatchObject({ title: 'After', passcode: 'open-sesame' });
    expect(row?.endTime.toISOString()).toBe('2031-03-02T10:30:00.000Z');

    const open = await update({ id: created.id, passcode: '' });
    expect(open.body).toMatchObject({ passcode: null, require_passcode: false });
  });

  it('delete: others get 403, the owner deletes (body or query), then 404 everywhere', async () => {
    const a = (
      await create({
        title: 'Doomed',
        start_time: hoursFromNow(5),
        speakers: [{ name: 'S', email: 'doomed@example.test' }],
      })
    ).body;
    const foreign = await server.api('/api/account/qrcode/delete', {
      method: 'DELETE',
      body: { id: a.id },
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe(PERMISSION);

    const gone = await server.api(`/api/account/qrcode/delete?id=${a.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: a.id, deleted: true });

    const again = await server.api('/api/account/qrcode/delete', {
      method: 'DELETE',
      body: { id: a.id },
      token: owner.token,
    });
    expect(again.status).toBe(404);
    const detail = await server.api(`/api/quickom/qrcode/short-detail?alias=${a.name}`);
    expect(detail.status).toBe(404);
    const orphans = await db()
      .select()
      .from(aliasParticipants)
      .where(eq(aliasParticipants.aliasId, a.id));
    expect(orphans).toHaveLength(0);
  });

  it('short-detail is public, hides the passcode and description, and tells expiry', async () => {
    const a = (
      await create({
        title: 'Public face',
        description: 'Secret agenda',
        passcode: 'hunter22',
        start_time: '2031-04-01T08:00:00Z',
        duration: 90,
        mode: 'conference',
      })
    ).body;
    const res = await server.api(`/api/quickom/qrcode/short-detail?alias=${a.name.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: a.name,
      type: 'conference',
      title: 'Public face',
      start_time: '2031-04-01T08:00:00.000Z',
      end_time: '2031-04-01T09:30:00.000Z',
      duration: 90,
      mode: 'conference',
      require_passcode: true,
      join_before_host: false,
      expired: false,
      expired_at: null,
      owner_name: 'Lan Nguyễn',
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter22');

    await update({ id: a.id, expired_at: '2020-01-01T00:00:00Z' });
    const expired = await server.api(`/api/quickom/qrcode/short-detail?alias=${a.name}`);
    expect(expired.body).toMatchObject({ expired: true, expired_at: '2020-01-01T00:00:00.000Z' });

    const unknown = await server.api('/api/quickom/qrcode/short-detail?alias=NoSuchAlias1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({
      code: 'invalid_link',
      message: 'Invalid Conference link',
      key: 'errors.invalid_link',
    });
  });

  it('mails invitations over SMTP: speakers get the speaker link, participants the invite link', async () => {
    const tag = Date.now().toString(36);
    const ana = `ana-${tag}@example.test`;
    const binh = `binh-${tag}@example.test`;
    const a = (
      await create({
        title: 'Hội thảo AI',
        start_time: hoursFromNow(48),
        lang: 'vi',
        speakers: [
          { name: 'Ana', email: ana },
          { name: 'Bình', email: binh },
        ],
      })
    ).body;
    expect(a.speakers).toEqual([
      { name: 'Ana', email: ana },
      { name: 'Bình', email: binh },
    ]);
    for (const to of [ana, binh]) {
      const mail = await smtp.waitFor((m) => m.to.includes(to));
      expect(mail.subject).toBe('Lan Nguyễn mời bạn tham gia "Hội thảo AI"');
      expect(mail.text).toContain(a.speaker_link);
      expect(mail.text).toContain('Tham gia sự kiện:');
    }

    // Editing the list mails only the newcomer.
    const cuong = `cuong-${tag}@example.test`;
    const before = smtp.messages.length;
    const edited = await update({
      id: a.id,
      speakers: [
        { name: 'Ana', email: ana },
        { name: 'Cường', email: cuong },
      ],
    });
    expect(edited.body.speakers.map((s: { email: string }) => s.email)).toEqual([ana, cuong]);
    const toCuong = await smtp.waitFor((m) => m.to.includes(cuong));
    expect(toCuong.subject).toBe('Lan Nguyễn invited you to "Hội thảo AI"');
    await server.podium.services.events.drain();
    expect(smtp.messages.slice(before).map((m) => m.to[0])).toEqual([cuong]);

    const dung = `dung-${tag}@example.test`;
    const added = await server.api('/api/account/qrcode/participant/add', {
      body: { alias: a.name, name: 'Dũng', email: dung.toUpperCase() },
      token: owner.token,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Dũng', email: dung, role: 'participant' });
    expect(added.body.invited_at).not.toBeNull();
    const toDung = await smtp.waitFor((m) => m.to.includes(dung));
    expect(toDung.text).toContain(`Join the event: ${a.invite_link}`);
    expect(toDung.text).not.toContain('speaker=');

    const dup = await server.api('/api/account/qrcode/participant/add', {
      body: { alias: a.id, name: 'Again', email: dung },
      token: owner.token,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.email).toBe('This person is already invited');

    const foreignAdd = await server.api('/api/account/qrcode/participant/add', {
      body: { alias: a.name, name: 'X', email: 'x@example.test' },
      token: other.token,
    });
    expect(foreignAdd.status).toBe(403);

    const people = await server.api(`/api/account/qrcode/participant/list?alias=${a.name}`, {
      token: owner.token,
    });
    expect(people.status).toBe(200);
    expect(
      people.body.entries.map((p: { email: string; role: string }) => [p.email, p.role]),
    ).toEqual([
      [ana, 'speaker'],
      [cuong, 'speaker'],
      [dung, 'participant'],
    ]);
    const foreignList = await server.api(`/api/account/qrcode/participant/list?alias=${a.name}`, {
      token: other.token,
    });
    expect(foreignList.status).toBe(403);

    const removed = await server.api('/api/account/qrcode/participant/remove', {
      body: { alias: a.name, id: added.body.id },
      token: owner.token,
    });
    expect(removed.body).toEqual({ id: added.body.id, removed: true });
    const removedAgain = await server.api('/api/account/qrcode/participant/remove', {
      body: { alias: a.name, id: added.body.id },
      token: owner.token,
    });
    expect(removedAgain.status).toBe(404);

    const url = await server.api(`/api/account/qrcode/participant/url?alias=${a.name}`, {
      token: owner.token,
    });
    expect(url.body).toEqual({ url: a.invite_link });
  });

  it('host url: only the owner gets it, and it joins as host without signing in', async () => {
    const a = (await create({ title: 'Hosted', start_time: hoursFromNow(1), passcode: 'pass1234' }))
      .body;
    const foreign = await server.api(`/api/account/qrcode/host/url?alias=${a.name}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    const res = await server.api(`/api/account/qrcode/host/url?alias=${a.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(a.invite_link);
    const host = url.searchParams.get('host');
    expect(host).toBeTruthy();
    const joined = await server.api('/api/quickom/qrcode/verify-call', {
      body: { alias: a.name, host },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.role).toBe('host');
  });

  describe('GraphQL', () => {
    const gql = (query: string, variables: Record<string, unknown>, token?: string) =>
      server.api('/graphql/v1', { body: { query, variables }, ...(token ? { token } : {}) });
    const CREATE = `mutation($input: CreateAliasInput!) {
      create_alias(input: $input) { id name title duration passcode invite_link owner { id name } }
    }`;

    it('create_alias, aliases and alias use the same service and validation', async () => {
      const made = await gql(
        CREATE,
        {
          input: {
            title: 'From GraphQL',
            start_time: '2032-01-01T10:00:00Z',
            duration: 25,
            passcode: 'gql-pass',
          },
        },
        owner.token,
      );
      expect(made.status).toBe(200);
      expect(made.body.errors).toBeUndefined();
      const alias = made.body.data.create_alias;
      expect(alias).toMatchObject({
        title: 'From GraphQL',
        duration: 25,
        passcode: 'gql-pass',
        owner: { id: owner.id },
      });

      const bad = await gql(
        CREATE,
        {
          input: {
            title: 'Bad',
            start_time: '2032-01-01T10:00:00Z',
            end_time: '2032-01-01T09:00:00Z',
          },
        },
        owner.token,
      );
      expect(bad.body.errors[0].message).toBe('End time must be after start time');
      expect(bad.body.errors[0].extensions).toMatchObject({
        code: 'validation_failed',
        fields: { end_time: 'End time must be after start time' },
      });

      const page = await gql(
        `query($input: AliasListInput) { aliases(input: $input) { entries { id title } metadata { after before total_count } } }`,
        { input: { type: 'conference', limit: 1, search: 'from graphql' } },
        owner.token,
      );
      expect(page.body.data.aliases).toEqual({
        entries: [{ id: alias.id, title: 'From GraphQL' }],
        metadata: { after: null, before: null, total_count: 1 },
      });

      const one = `query($input: AliasInput!) { alias(input: $input) { id name passcode } }`;
      const mine = await gql(one, { input: { name: alias.name } }, owner.token);
      expect(mine.body.data.alias).toEqual({
        id: alias.id,
        name: alias.name,
        passcode: 'gql-pass',
      });
      const theirs = await gql(one, { input: { id: alias.id } }, other.token);
      expect(theirs.body.errors[0].message).toBe(PERMISSION);
      expect(theirs.body.data?.alias ?? null).toBeNull();
      const anonymous = await gql(one, { input: { id: alias.id } });
      expect(anonymous.body.errors[0].message).toBe('Please sign in again');
    });
  });
});
