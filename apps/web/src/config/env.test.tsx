import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKETPLACE_URL, DEFAULT_PRODUCT_NAME, DEFAULT_SHEETS_URL, resolveEnv } from './env';
import { NOTHING_CONFIGURED } from '../testing/install-content';

function pageWithMeta(meta: Record<string, string>): Document {
  const page = document.implementation.createHTMLDocument('');
  for (const [name, content] of Object.entries(meta)) {
    const tag = page.createElement('meta');
    tag.name = name;
    tag.content = content;
    page.head.append(tag);
  }
  return page;
}

describe('web app configuration', () => {
  it('takes the product name the server injected into index.html', () => {
    const env = resolveEnv({ viteEnv: {}, document: pageWithMeta({ 'product-name': 'YAMM' }) });
    expect(env.productName).toBe('YAMM');
  });

  it('prefers a build-time VITE_PRODUCT_NAME over the meta tag', () => {
    const env = resolveEnv({
      viteEnv: { VITE_PRODUCT_NAME: 'Acme Mail' },
      document: pageWithMeta({ 'product-name': 'YAMM' }),
    });
    expect(env.productName).toBe('Acme Mail');
  });

  it('falls back to the defaults when nothing is configured', () => {
    const env = resolveEnv({ viteEnv: {}, document: pageWithMeta({ 'product-name': '  ' }) });
    expect(env.productName).toBe(DEFAULT_PRODUCT_NAME);
    expect(env.supportUrl).toBeNull();
  });

  it('AUTH-035 AUTH-036 AUTH-037 (issue 24): with nothing configured there is no support, help or legal link and no score or testimonial, not a placeholder', () => {
    const page = pageWithMeta({ 'support-url': '', 'terms-url': '', 'review-badges': '[]' });
    expect(resolveEnv({ viteEnv: {}, document: page })).toMatchObject(NOTHING_CONFIGURED);
  });

  it('AUTH-036 AUTH-037 (issue 24) reads the legal links, scores and testimonials the server wrote, and refuses bad ones', () => {
    const env = resolveEnv({
      viteEnv: {},
      document: pageWithMeta({
        'terms-url': 'https://acme.test/terms',
        'dpa-url': 'https://acme.test/dpa',
        'review-badges': '[{"score":"4.7/5","source":"G2"}]',
        testimonials: '[{"quote":"Replies doubled.","author":"Ana, Acme"}]',
      }),
    });
    expect(env).toMatchObject({
      termsUrl: 'https://acme.test/terms',
      dpaUrl: 'https://acme.test/dpa',
      privacyUrl: null,
      reviewBadges: [{ score: '4.7/5', source: 'G2' }],
      testimonials: [{ quote: 'Replies doubled.', author: 'Ana, Acme' }],
    });
    expect(() => resolveEnv({ viteEnv: { VITE_REVIEW_BADGES: '4.9 on G2' } })).toThrow(/reviewBadges/);
    expect(() => resolveEnv({ viteEnv: { VITE_TESTIMONIALS: '[{"quote":""}]' } })).toThrow(/testimonials/);
    expect(() => resolveEnv({ viteEnv: { VITE_TERMS_URL: 'javascript:x' } })).toThrow(/termsUrl/);
  });

  it('takes the support link from a meta tag and refuses one that is not mailto: or http(s)', () => {
    expect(
      resolveEnv({ viteEnv: {}, document: pageWithMeta({ 'support-url': 'https://help.example.org' }) })
        .supportUrl,
    ).toBe('https://help.example.org');
    expect(() => resolveEnv({ viteEnv: { VITE_SUPPORT_URL: 'javascript:alert(1)' } })).toThrow(/supportUrl/);
  });

  it('reads the sign-in provider, legacy app, marketplace and sheets settings from their meta tags', () => {
    const env = resolveEnv({
      viteEnv: {},
      document: pageWithMeta({
        'auth-provider': 'google',
        'legacy-app-url': 'https://legacy.example.com',
        'marketplace-url': 'https://workspace.google.com/marketplace/app/x/1',
        'sheets-url': 'https://sheets.example.com/new',
        'help-center-url': 'https://help.example.com',
      }),
    });
    expect(env).toMatchObject({
      authProvider: 'google',
      legacyAppUrl: 'https://legacy.example.com',
      marketplaceUrl: 'https://workspace.google.com/marketplace/app/x/1',
      sheetsUrl: 'https://sheets.example.com/new',
      helpCenterUrl: 'https://help.example.com',
    });
  });

  it('defaults: local sign-in, no legacy app (empty meta), the public marketplace and sheets pages', () => {
    const env = resolveEnv({ viteEnv: {}, document: pageWithMeta({ 'legacy-app-url': '' }) });
    expect(env).toMatchObject({
      authProvider: 'local',
      legacyAppUrl: null,
      marketplaceUrl: DEFAULT_MARKETPLACE_URL,
      sheetsUrl: DEFAULT_SHEETS_URL,
      helpCenterUrl: null,
    });
    expect(() => resolveEnv({ viteEnv: { VITE_AUTH_PROVIDER: 'facebook' } })).toThrow(/authProvider/);
    expect(() => resolveEnv({ viteEnv: { VITE_LEGACY_APP_URL: 'javascript:x' } })).toThrow(/legacyAppUrl/);
  });
});
