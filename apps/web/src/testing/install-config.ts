/**
 * The install the component tests run in: the meta tags a server writes into index.html from its
 * configuration (apps/server build-app.ts, spaMeta), here for an install that names its support,
 * help and legal pages and its login page's scores and testimonials. A setup file of its own,
 * listed first, so the tags are in place before anything imports src/config/env.ts. Tests of an
 * install that configured none of it change `env` for themselves (testing/install-content.ts).
 */
const INSTALL_META: Record<string, string> = {
  'support-url': 'mailto:support@mergeboard.test',
  'help-center-url': 'https://help.mergeboard.test/',
  'terms-url': 'https://mergeboard.test/legal/terms',
  'privacy-url': 'https://mergeboard.test/legal/privacy',
  'cookie-policy-url': 'https://mergeboard.test/legal/cookies',
  'dpa-url': 'https://mergeboard.test/legal/dpa',
  'review-badges': JSON.stringify([
    { score: '4.9/5', source: 'Google Workspace Marketplace' },
    { score: '4.8/5', source: 'G2' },
  ]),
  testimonials: JSON.stringify([
    { quote: 'Our member updates go out in minutes.', author: 'Operations lead, association' },
    { quote: 'The whole team shares one space.', author: 'Sales manager, software company' },
  ]),
};

for (const [name, content] of Object.entries(INSTALL_META)) {
  const tag = document.createElement('meta');
  tag.name = name;
  tag.content = content;
  document.head.append(tag);
}
