import { downloadHoseAssemblySpecSheet, downloadHoseAssemblyTag } from '@hosewright/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import { stubFetch } from '@/test/fetch-stub';
import { downloadTypeOf, saveDownload } from './download';

describe('downloadTypeOf', () => {
  it('takes the type from the extension: pdf, xlsx or xls', () => {
    expect(downloadTypeOf('tag-C-00042.pdf')).toBe('pdf');
    expect(downloadTypeOf('Price list.XLSX')).toBe('xlsx');
    expect(downloadTypeOf('old.xls')).toBe('xls');
    expect(() => downloadTypeOf('notes.txt')).toThrow(/\.pdf, \.xlsx or \.xls/);
  });
});

describe('a document download: call, then saveDownload', () => {
  let saved: { name: string; href: string }[];
  let blobs: Blob[];

  beforeEach(() => {
    saved = [];
    blobs = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost:3000/${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.useRealTimers());

  it('POSTs the payload to the path with the token and saves the answer under the given name', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/hoseassembly/a1/documents/tag.pdf': { body: '%PDF-1.7' },
    });
    const tag = await call(
      downloadHoseAssemblyTag,
      { params: { hoseAssemblyId: 'a1' }, body: { serialId: 'ABC' } },
      { token: 'token-1' },
    );
    saveDownload(tag, 'tag-ABC.pdf');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.authorization).toBe('Bearer token-1');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ serialId: 'ABC' });
    expect(saved).toEqual([{ name: 'tag-ABC.pdf', href: 'blob:http://localhost:3000/1' }]);
    expect(blobs[0]?.type).toBe('application/pdf');
  });

  it('saves nothing and reports the server message when the server refuses', async () => {
    stubFetch({
      'POST /api/v1/hoseassembly/a1/documents/specsheet.pdf': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'This hose assembly was not found' },
      },
    });
    const download = async () =>
      saveDownload(
        await call(
          downloadHoseAssemblySpecSheet,
          { params: { hoseAssemblyId: 'a1' }, body: {} },
          { token: 't' },
        ),
        'specsheet.pdf',
      );
    await expect(download()).rejects.toThrow('This hose assembly was not found');
    expect(saved).toEqual([]);
  });
});
