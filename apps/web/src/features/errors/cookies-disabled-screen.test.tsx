import { describe, expect, it } from 'vitest';
import { cookieHelpFor } from './index';

describe('cookie help link', () => {
  it('AUTH-028: picks the help page of the browser from its user agent', () => {
    const agents = {
      Chrome:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      Edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      Firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      Safari:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    };
    expect(cookieHelpFor(agents.Chrome)).toEqual({
      browser: 'Chrome',
      href: 'https://support.google.com/chrome/answer/95647',
    });
    expect(cookieHelpFor(agents.Edge).browser).toBe('Edge');
    expect(cookieHelpFor(agents.Edge).href).toMatch(/^https:\/\/support\.microsoft\.com\//);
    expect(cookieHelpFor(agents.Firefox).browser).toBe('Firefox');
    expect(cookieHelpFor(agents.Firefox).href).toMatch(/^https:\/\/support\.mozilla\.org\//);
    expect(cookieHelpFor(agents.Safari).browser).toBe('Safari');
    expect(cookieHelpFor(agents.Safari).href).toMatch(/^https:\/\/support\.apple\.com\//);
    expect(cookieHelpFor('curl/8.0').browser).toBeNull();
  });
});
