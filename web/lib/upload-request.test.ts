import { describe, expect, it } from 'vitest';
import { vi as text } from '#shared/locales/vi';
import { UploadError, uploadAnswer, uploadRefusal } from './upload-request.ts';

describe("an upload's answer", () => {
  it("is read from the built-in service's answer", () => {
    const ours = {
      public_id: 'a'.repeat(64),
      secure_url: `/api/media/${'a'.repeat(64)}.webp`,
      thumbnail_url: `/api/media/${'a'.repeat(64)}-sm.webp`,
      width: 1600,
      height: 1200,
      bytes: 183_000,
      format: 'webp',
    };
    expect(uploadAnswer(JSON.stringify(ours))).toEqual({
      public_id: ours.public_id,
      secure_url: ours.secure_url,
      width: 1600,
      height: 1200,
    });
  });

  it("is read from Cloudinary's, which keeps its own format and fields", () => {
    const cloudinary = {
      asset_id: 'f1',
      public_id: 'academy/xyz',
      version: 1_764_000_000,
      width: 3024,
      height: 4032,
      format: 'jpg',
      resource_type: 'image',
      bytes: 2_400_000,
      secure_url: 'https://res.cloudinary.com/demo/image/upload/v1/academy/xyz.jpg',
    };
    expect(uploadAnswer(JSON.stringify(cloudinary))).toEqual({
      public_id: 'academy/xyz',
      secure_url: cloudinary.secure_url,
      width: 3024,
      height: 4032,
    });
  });

  it.each([
    ['a proxy page', '<html><body>Đăng nhập Wi-Fi</body></html>'],
    ['a cut-off body', '{"public_id":"abc","secure_u'],
    ['no photo address', JSON.stringify({ public_id: 'x', width: 10, height: 10 })],
    ['no size', JSON.stringify({ public_id: 'x', secure_url: '/api/media/x.webp' })],
    [
      'a size that is not one',
      JSON.stringify({ public_id: 'x', secure_url: '/x', width: '10', height: 0 }),
    ],
    ['null', 'null'],
  ])('is refused as a failed upload when it is %s', (_, body) => {
    expect(() => uploadAnswer(body)).toThrow(UploadError);
    expect(() => uploadAnswer(body)).toThrow(text.toasts.uploadFailed);
  });
});

describe("a refused upload's answer", () => {
  it("says the server's reason and code", () => {
    const body = JSON.stringify({
      error: { code: 'person_changed', message: 'Đã có người khác đăng nhập.' },
    });
    const refusal = uploadRefusal(409, body);
    expect(refusal).toBeInstanceOf(UploadError);
    expect(refusal).toMatchObject({
      message: 'Đã có người khác đăng nhập.',
      status: 409,
      code: 'person_changed',
    });
  });

  it("says Cloudinary's reason, which has no code", () => {
    const refusal = uploadRefusal(400, '{"error":{"message":"Upload preset not found"}}');
    expect(refusal).toMatchObject({ message: 'Upload preset not found', code: undefined });
  });

  it.each([
    ['a proxy page', '<html>502</html>'],
    ['no error', '{"ok":false}'],
    ['an error that is no object', '{"error":"bad"}'],
    ['a message that is no text', '{"error":{"message":7,"code":7}}'],
  ])('names the status when the answer is %s', (_, body) => {
    expect(uploadRefusal(502, body)).toMatchObject({
      message: text.toasts.uploadFailedStatus.replace('{{status}}', '502'),
      status: 502,
      code: undefined,
    });
  });
});
