import type { UploadKind } from '@podium/protocol';

/**
 * What a shared file is, decided from its name and its first bytes. Pure functions: the service
 * streams the bytes and asks these.
 */

/** Enough of the start of a file to recognise every signature below. */
export const SNIFF_BYTES = 16;
const MAX_NAME = 255;
const FALLBACK_NAME = 'file';

/** Image formats browsers display and whose bytes we check. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export const IMAGE_MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const IMAGE_EXTENSIONS: Record<string, ImageFormat> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

/** Documents (the 5 MB class) and the type stored for them. */
const DOCUMENT_MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  epub: 'application/epub+zip',
};

/** Other files (the 100 MB class) with a well-known type; the rest are octet streams. */
const OTHER_MIME: Record<string, string> = {
  zip: 'application/zip',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
};

/**
 * SECURITY: programs and scripts a double click would run (Windows, macOS, Linux, Android,
 * Java, shells and script hosts). Refused so the chat cannot be used to hand people malware
 * that looks like it came from the meeting.
 */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'com',
  'scr',
  'pif',
  'cpl',
  'msi',
  'msp',
  'mst',
  'msix',
  'msixbundle',
  'appx',
  'appxbundle',
  'dll',
  'sys',
  'drv',
  'ocx',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'psd1',
  'ps1xml',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'cjs',
  'wsf',
  'wsh',
  'wsc',
  'hta',
  'lnk',
  'reg',
  'inf',
  'scf',
  'url',
  'gadget',
  'application',
  'jar',
  'jnlp',
  'class',
  'apk',
  'aab',
  'xapk',
  'ipa',
  'app',
  'dmg',
  'pkg',
  'command',
  'workflow',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'fish',
  'run',
  'bin',
  'elf',
  'so',
  'dylib',
  'deb',
  'rpm',
  'appimage',
  'snap',
  'flatpakref',
  'py',
  'pyw',
  'pyc',
  'pl',
  'rb',
  'php',
  'phtml',
  'cgi',
  'ws',
  'xbap',
]);

/** Declared types that name a program or script (refused whatever the name says). */
const EXECUTABLE_MIME = new Set([
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-ms-installer',
  'application/x-msi',
  'application/x-ms-shortcut',
  'application/vnd.microsoft.portable-executable',
  'application/x-dosexec',
  'application/x-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-sharedlib',
  'application/x-sh',
  'application/x-shellscript',
  'application/x-csh',
  'text/x-shellscript',
  'application/x-bat',
  'application/bat',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/javascript',
  'text/ecmascript',
  'application/java-archive',
  'application/x-java-archive',
  'application/vnd.android.package-archive',
  'application/hta',
  'text/vbscript',
  'application/x-powershell',
]);

// SECURITY: bidirectional controls make "invoice\u202Efdp.exe" display as "invoiceexe.pdf".
const UNSAFE_NAME_CHARS =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

// A lone surrogate cannot be encoded as UTF-8 (the database and encodeURIComponent refuse it).
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A file name safe to store, show and offer for download: no folders, no control or
 * bidirectional characters, no trailing dots or spaces (Windows drops them, which would turn
 * "x.exe." into "x.exe"), at most 255 characters with the extension kept.
 */
export function sanitizeFileName(raw: string | undefined | null): string {
  let name = String(raw ?? '')
    .replace(LONE_SURROGATES, '')
    .normalize('NFC');
  name = name.replace(UNSAFE_NAME_CHARS, '');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\s.]+$/u, '')
    .replace(/^[\s.]+/u, '')
    .trim();
  if (!name) return FALLBACK_NAME;
  const chars = [...name];
  if (chars.length <= MAX_NAME) return name;
  const ext = extensionOf(name);
  const tail = ext && ext.length <= 16 ? `.${ext}` : '';
  return (
    chars
      .slice(0, MAX_NAME - tail.length)
      .join('')
      .trimEnd() + tail
  );
}

/** The lower-case extension after the last dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

export type NameVerdict =
  { ok: true; kind: UploadKind; mime: string; image: ImageFormat | null } | { ok: false };

/** The kind (and limit class) of a file by its sanitized name and the type the client declared. */
export function classifyName(name: string, declaredMime: string | undefined): NameVerdict {
  const ext = extensionOf(name);
  const declared = (declaredMime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (EXECUTABLE_EXTENSIONS.has(ext) || EXECUTABLE_MIME.has(declared)) return { ok: false };
  // Only the last extension counts ("report.exe.pdf" is a PDF): it is what the operating system
  // acts on when the file is opened.
  const image = IMAGE_EXTENSIONS[ext];
  if (image) return { ok: true, kind: 'image', mime: IMAGE_MIME[image], image };
  const document = DOCUMENT_MIME[ext];
  if (document) return { ok: true, kind: 'document', mime: document, image: null };
  return {
    ok: true,
    kind: 'other',
    mime: OTHER_MIME[ext] ?? 'application/octet-stream',
    image: null,
  };
}

export type Sniffed = ImageFormat | 'executable' | null;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

/** What the first bytes of a file say it is, as far as we care. */
export function sniff(head: Uint8Array): Sniffed {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39)) {
    if (head[5] === 0x61) return 'gif';
  }
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'webp';
  }
  if (isExecutable(head)) return 'executable';
  return null;
}

/**
 * SECURITY: native programs whatever their name: ELF (Linux), PE/MZ (Windows), Mach-O and
 * universal binaries (macOS), and scripts with a `#!` interpreter line.
 */
function isExecutable(head: Uint8Array): boolean {
  return (
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, [0x4d, 0x5a]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) ||
    startsWith(head, [0x23, 0x21])
  );
}

/**
 * Whether the bytes agree with the name's verdict: an image must be exactly the format its
 * extension names, and nothing may be a program.
 */
export function contentMatches(verdict: NameVerdict & { ok: true }, head: Uint8Array): boolean {
  const sniffed = sniff(head);
  if (sniffed === 'executable') return false;
  if (verdict.image) return sniffed === verdict.image;
  return true;
}

/**
 * Content-Disposition for a download: always an attachment, with an ASCII fallback name and
 * the exact name in RFC 5987 form.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii || FALLBACK_NAME}"; filename*=UTF-8''${encoded}`;
}
