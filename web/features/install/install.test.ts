// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isIosSafariInBrowser } from './install.ts';

describe('which browsers get the iPhone instructions', () => {
  it('is iPhone and iPad Safari only', () => {
    expect(
      isIosSafariInBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    // Chrome and Firefox on iOS cannot add to the home screen as an app.
    expect(
      isIosSafariInBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(
      isIosSafariInBrowser(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe(false);
  });
});
