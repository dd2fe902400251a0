import { describe, expect, it } from 'vitest';
import type { ChatMessageView, ParticipantView } from '@podium/protocol';
import { chatText, formatBytes } from './chatText.ts';
import { csvCell, exportFileName, participantsCsv, type CsvLabels } from './participantsCsv.ts';

const person = (over: Partial<ParticipantView>): ParticipantView => ({
  id: 'p',
  name: 'Ann',
  role: 'participant',
  guest: false,
  state: 'connected',
  audio: false,
  video: false,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: false, video: false, screen: false },
  ...over,
});

const labels: CsvLabels = {
  headers: {
    name: 'Name',
    role: 'Role',
    guest: 'Guest',
    status: 'Status',
    microphone: 'Microphone',
    camera: 'Camera',
    hand: 'Hand raised',
  },
  role: (r) => r.toUpperCase(),
  yes: 'Yes',
  no: 'No',
  status: (s) => (s === 'connected' ? 'In the room' : 'Reconnecting'),
  time: (ms) => new Date(ms).toISOString().slice(11, 16),
};

describe('participants CSV', () => {
  it('writes a header and one row per participant, with a BOM and CRLF', () => {
    const csv = participantsCsv(
      [
        person({ id: 'a', name: 'Nguyễn Văn A', role: 'host', audio: true }),
        person({
          id: 'b',
          name: 'Bob',
          guest: true,
          state: 'reconnecting',
          hand_raised_at: 3_600_000,
        }),
      ],
      labels,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name,Role,Guest,Status,Microphone,Camera,Hand raised',
      'Nguyễn Văn A,HOST,No,In the room,Yes,No,',
      'Bob,PARTICIPANT,Yes,Reconnecting,No,No,01:00',
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses names a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
  });

  it('names the file after the event, without accents or symbols', () => {
    expect(exportFileName('Họp tuần: Đội A / B', 'participants', 'csv')).toBe(
      'Hop-tuan-Doi-A-B-participants.csv',
    );
    expect(exportFileName('!!!', 'chat', 'txt')).toBe('podium-chat.txt');
  });
});

describe('chat export', () => {
  const message = (over: Partial<ChatMessageView>): ChatMessageView => ({
    id: 'm',
    from: 'a',
    from_name: 'Ann',
    to: 'everyone',
    text: 'hello',
    file: null,
    at: 0,
    ...over,
  });

  it('lists messages with time, sender, recipient, text and files', () => {
    const text = chatText(
      [
        message({ id: '1', text: 'hello\nall' }),
        message({
          id: '2',
          from: 'b',
          from_name: 'Bob',
          to: 'a',
          text: '',
          at: 60_000,
          file: { id: 'f', name: 'slides.pdf', size: 2048, mime: 'application/pdf' },
        }),
      ],
      {
        title: 'Chat — Weekly',
        everyone: 'Everyone',
        privateTo: (name) => `${name} (private)`,
        file: (name, size) => `File: ${name} (${size})`,
        time: (ms) => new Date(ms).toISOString().slice(11, 16),
        nameOf: (id) => (id === 'a' ? 'Ann' : id),
        size: (bytes) => formatBytes(bytes, 'en'),
      },
    );
    expect(text.split('\n')).toEqual([
      'Chat — Weekly',
      '',
      '[00:00] Ann → Everyone',
      '  hello',
      '  all',
      '',
      '[00:01] Bob → Ann (private)',
      '  File: slides.pdf (2 KB)',
      '',
    ]);
  });

  it('formats sizes', () => {
    expect(formatBytes(12, 'en')).toBe('12 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });
});
