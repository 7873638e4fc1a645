// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedPhoto } from '../api/upload.ts';
import type { KeptPhoto } from '../api/use-image-upload.ts';
import { MultiImagePicker } from './multi-image-picker.tsx';

// Shrinking a photo takes a while on a phone; a test can hold it (`holdShrinking`).
const shrinking = vi.hoisted(() => ({ held: null as Promise<void> | null }));
vi.mock('../api/upload.ts', async (original) => {
  const actual = await original<typeof import('../api/upload.ts')>();
  return {
    ...actual,
    shrinkForUpload: async (file: Blob) => {
      await shrinking.held;
      return file;
    },
  };
});

/** Stands in for the browser's XMLHttpRequest: reports progress, then answers like the server. */
class FakeUploadRequest {
  static sent: Array<{ url: string; size: number }> = [];
  upload: {
    onprogress:
      | ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)
      | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    const file = form.get('file') as Blob;
    FakeUploadRequest.sent.push({ url: this.url, size: file.size });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      // A 13-byte "photo" is what the server refuses.
      if (file.size === 13) {
        this.status = 415;
        this.responseText = JSON.stringify({
          error: {
            code: 'upload_type_not_allowed',
            message: 'Tệp này không phải ảnh được hỗ trợ.',
          },
        });
      } else {
        this.status = 201;
        const id = String(file.size).padStart(64, '0');
        this.responseText = JSON.stringify({
          public_id: id,
          secure_url: `/media/${id}.webp`,
          width: 800,
          height: 600,
        });
      }
      this.onload?.();
    }, 5);
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  FakeUploadRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  vi.stubGlobal('fetch', async () =>
    Response.json({ service: 'builtin', cloudName: null, uploadPreset: null }),
  );
  URL.createObjectURL = () => 'blob:preview';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const photo = (bytes: number) =>
  new File([new Uint8Array(bytes)], `p${bytes}.jpg`, { type: 'image/jpeg' });

describe('several photos at once', () => {
  it('uploads each with its own progress, reports the finished ones in order, and removes one', async () => {
    const onChange = vi.fn<(results: UploadedPhoto[]) => void>();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MultiImagePicker use="post" onChange={onChange} />
      </QueryClientProvider>,
    );
    const input = screen
      .getAllByLabelText('Thêm ảnh')
      .find((element) => element.tagName === 'INPUT')!;
    // Let the upload target load first, as it does while a person picks photos.
    await waitFor(() => expect(input).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 10));
    fireEvent.change(input, { target: { files: [photo(100), photo(13), photo(300)] } });

    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(3));
    await waitFor(() =>
      expect(screen.getAllByTestId('photo-item').map((item) => item.dataset.status)).toEqual([
        'done',
        'failed',
        'done',
      ]),
    );
    expect(FakeUploadRequest.sent.map((request) => request.url)).toEqual([
      '/api/uploads?use=post',
      '/api/uploads?use=post',
      '/api/uploads?use=post',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Tệp này không phải ảnh được hỗ trợ.');
    const latest = () => onChange.mock.calls.at(-1)?.[0].map((result) => result.secure_url);
    // Reported once the items have settled, which may be a render after they show as done.
    await waitFor(() =>
      expect(latest()).toEqual([
        `/media/${'100'.padStart(64, '0')}.webp`,
        `/media/${'300'.padStart(64, '0')}.webp`,
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Bỏ ảnh này (Ảnh 1)' }));
    await waitFor(() => expect(screen.getAllByTestId('photo-item')).toHaveLength(2));
    expect(latest()).toEqual([`/media/${'300'.padStart(64, '0')}.webp`]);
  });
});

describe('a photo being shrunk on the phone', () => {
  it('is told as preparing until it can be kept, so a post queued meanwhile does not leave it out', async () => {
    let release = () => {};
    shrinking.held = new Promise((resolve) => {
      release = resolve;
    });
    const onPreparingChange = vi.fn<(preparing: boolean) => void>();
    const onKeptChange = vi.fn<(kept: KeptPhoto[]) => void>();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MultiImagePicker
          use="post"
          onChange={() => {}}
          onPreparingChange={onPreparingChange}
          onKeptChange={onKeptChange}
        />
      </QueryClientProvider>,
    );
    const input = screen
      .getAllByLabelText('Thêm ảnh')
      .find((element) => element.tagName === 'INPUT')!;
    fireEvent.change(input, { target: { files: [photo(100), photo(200)] } });
    await waitFor(() => expect(onPreparingChange).toHaveBeenLastCalledWith(true));
    expect(onKeptChange.mock.calls.at(-1)?.[0] ?? []).toHaveLength(0);

    release();
    shrinking.held = null;
    await waitFor(() => expect(onPreparingChange).toHaveBeenLastCalledWith(false));
    await waitFor(() => expect(onKeptChange.mock.calls.at(-1)?.[0]).toHaveLength(2));
  });
});
