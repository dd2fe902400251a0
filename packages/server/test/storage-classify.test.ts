import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadConfig } from '../src/config.ts';
import {
  attachmentDisposition,
  classifyName,
  contentMatches,
  extensionOf,
  sanitizeFileName,
  sniff,
} from '../src/services/storage/classify.ts';
import { isStorageDownload } from '../src/http/storage/paths.ts';
import { JPEG, PNG, fileBytes } from './storage-support.ts';

const bytes = (magic: number[] | string, size = 32) => fileBytes(magic, size);

describe('chat file classification', () => {
  it('sorts names into the limit classes', () => {
    expect(classifyName('a.PNG', 'image/png')).toMatchObject({ ok: true, kind: 'image' });
    expect(classifyName('a.jpeg', '')).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
    expect(classifyName('a.pdf', undefined)).toMatchObject({ kind: 'document' });
    expect(classifyName('a.docx', 'x')).toMatchObject({ kind: 'document' });
    expect(classifyName('a.zip', 'application/zip')).toMatchObject({ kind: 'other' });
    expect(classifyName('a.svg', 'image/svg+xml')).toMatchObject({
      kind: 'other',
      mime: 'application/octet-stream',
    });
    expect(classifyName('README', '')).toMatchObject({ kind: 'other' });
  });

  it('refuses executables and scripts by extension and by declared type', () => {
    for (const name of ['a.exe', 'a.BAT', 'a.cmd', 'a.sh', 'a.js', 'a.msi', 'a.com', 'a.scr']) {
      expect(classifyName(name, ''), name).toEqual({ ok: false });
    }
    for (const name of ['a.ps1', 'a.jar', 'a.apk', 'a.dll', 'a.vbs', 'x.pdf.exe']) {
      expect(classifyName(name, ''), name).toEqual({ ok: false });
    }
    expect(classifyName('a.txt', 'application/x-msdownload')).toEqual({ ok: false });
    expect(classifyName('a.txt', 'Text/JavaScript; charset=utf-8')).toEqual({ ok: false });
  });

  it('sniffs images and programs from the first bytes', () => {
    expect(sniff(bytes(PNG))).toBe('png');
    expect(sniff(bytes(JPEG))).toBe('jpeg');
    expect(sniff(bytes('GIF89a'))).toBe('gif');
    expect(sniff(bytes('GIF87a'))).toBe('gif');
    expect(sniff(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniff(bytes('RIFF\0\0\0\0WAVEfmt '))).toBe(null);
    expect(sniff(bytes([0x7f, 0x45, 0x4c, 0x46]))).toBe('executable');
    expect(sniff(bytes('MZ'))).toBe('executable');
    expect(sniff(bytes([0xcf, 0xfa, 0xed, 0xfe]))).toBe('executable');
    expect(sniff(bytes('#!/usr/bin/env node'))).toBe('executable');
    expect(sniff(new Uint8Array([]))).toBe(null);
    expect(sniff(bytes('%PDF-'))).toBe(null);
  });

  it('accepts an image only when its bytes are the format its name says', () => {
    const png = classifyName('a.png', '');
    const jpg = classifyName('a.jpg', '');
    const pdf = classifyName('a.pdf', '');
    if (!png.ok || !jpg.ok || !pdf.ok) throw new Error('expected verdicts');
    expect(contentMatches(png, bytes(PNG))).toBe(true);
    expect(contentMatches(png, bytes(JPEG))).toBe(false);
    expect(contentMatches(png, bytes('not a png'))).toBe(false);
    expect(contentMatches(jpg, bytes(JPEG))).toBe(true);
    expect(contentMatches(pdf, bytes('%PDF-1.7'))).toBe(true);
    expect(contentMatches(pdf, bytes('MZ'))).toBe(false);
  });

  it('sanitizes file names', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\me\\cv.pdf')).toBe('cv.pdf');
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('evil.exe. . ')).toBe('evil.exe');
    expect(sanitizeFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('...')).toBe('file');
    expect(sanitizeFileName(undefined)).toBe('file');
    expect(sanitizeFileName('x\ud800y.txt')).toBe('xy.txt');
    const long = sanitizeFileName(`${'a'.repeat(400)}.pdf`);
    expect([...long]).toHaveLength(255);
    expect(extensionOf(long)).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('a.')).toBe('');
  });

  it('always gives a usable name whose extension decides the class (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (raw) => {
        const name = sanitizeFileName(raw);
        expect(name.length).toBeGreaterThan(0);
        expect([...name].length).toBeLessThanOrEqual(255);
        // eslint-disable-next-line no-control-regex -- control characters must be gone
        expect(name).not.toMatch(/[/\\\u0000-\u001f\u202a-\u202e]/);
        expect(name).not.toMatch(/[.\s]$/);
        // Never throws, and the disposition header is plain ASCII.
        expect(attachmentDisposition(name)).toMatch(/^[\x20-\x7e]+$/);
      }),
      { numRuns: 200 },
    );
  });

  it('writes an attachment disposition that round-trips the name', () => {
    const name = 'Tài liệu "họp"; 100%.pdf';
    const header = attachmentDisposition(name);
    expect(header.startsWith('attachment; filename="T')).toBe(true);
    const ascii = /filename="([^"]*)"/.exec(header)?.[1] ?? '';
    expect(ascii).toBe('Tai lieu _hop__ 100_.pdf');
    const star = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(name);
  });

  it('exempts only GET/HEAD of a file id from the API header guard', () => {
    expect(isStorageDownload('GET', '/api/storage/file/abcDEF_-123')).toBe(true);
    expect(isStorageDownload('HEAD', '/api/storage/file/abc?x=1')).toBe(true);
    expect(isStorageDownload('POST', '/api/storage/file/abc')).toBe(false);
    expect(isStorageDownload('DELETE', '/api/storage/file/abc')).toBe(false);
    expect(isStorageDownload('GET', '/api/storage/upload-file')).toBe(false);
    expect(isStorageDownload('GET', '/api/storage/file/')).toBe(false);
    expect(isStorageDownload('GET', '/api/storage/file/a/b')).toBe(false);
    expect(isStorageDownload('GET', '/api/storage/file/..%2Fx')).toBe(false);
  });

  it('reads the limits from the configuration', () => {
    expect(loadConfig({}).uploads).toEqual({
      documentMaxBytes: 5 * 1024 * 1024,
      otherMaxBytes: 100 * 1024 * 1024,
    });
    expect(
      loadConfig({ UPLOAD_DOCUMENT_MAX_BYTES: '1000', UPLOAD_OTHER_MAX_BYTES: '2000' }).uploads,
    ).toEqual({ documentMaxBytes: 1000, otherMaxBytes: 2000 });
    expect(() => loadConfig({ UPLOAD_OTHER_MAX_BYTES: '-1' })).toThrow(/UPLOAD_OTHER_MAX_BYTES/);
  });
});
