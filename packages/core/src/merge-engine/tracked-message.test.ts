import { describe, expect, it } from 'vitest';
import { missingMergeFields, renderMergeText } from './merge-fields';
import { MAX_TRACKED_LINKS, trackableLinks, trackedHtml, type MessageUrls } from './tracked-message';

const urls: MessageUrls = {
  click: (i) => `https://t.example/c/${i}`,
  open: () => 'https://t.example/o/x',
  poll: (i) => `https://t.example/p/${i}`,
  unsubscribe: () => 'https://t.example/u/x',
};
const plain = { links: [], poll: null, unsubscribeLink: false };

describe('the links a merge tracks', () => {
  it('lists the distinct http(s) hrefs of <a> tags in order of first appearance, decoded', () => {
    const body = `<p><a href="https://b.example/x?a=1&amp;b=2">B</a> <a class="c" href='http://a.example'>A</a>
      <a href=https://c.example/>C</a> <a href="https://b.example/x?a=1&amp;b=2">B again</a>
      <a href="mailto:x@y.example">mail</a> <a name="top">no href</a> <img src="https://img.example/i.png">
      <link href="https://style.example/s.css"></p>`;
    expect(trackableLinks(body)).toEqual([
      'https://b.example/x?a=1&b=2',
      'http://a.example',
      'https://c.example/',
    ]);
  });

  it('leaves out an href holding a merge field: it differs per row, so it is not one stored target', () => {
    expect(
      trackableLinks(
        '<a href="https://shop.example/{{Email}}">mine</a><a href="https://shop.example/">all</a>',
      ),
    ).toEqual(['https://shop.example/']);
  });

  it(`tracks at most ${MAX_TRACKED_LINKS} links (a token's index is one byte)`, () => {
    const body = Array.from({ length: 300 }, (_, i) => `<a href="https://l.example/${i}">${i}</a>`).join('');
    const links = trackableLinks(body);
    expect(links).toHaveLength(MAX_TRACKED_LINKS);
    expect(links.at(-1)).toBe(`https://l.example/${MAX_TRACKED_LINKS - 1}`);
  });
});

describe('a recipient’s tracked HTML', () => {
  it('rewrites only stored links to their click URL, keeping the rest of each tag', () => {
    const html =
      '<a class="btn" href="https://a.example/?x=1&amp;y=2" title="A">A</a> <a href="https://untracked.example">U</a> <a href="mailto:m@x.example">M</a>';
    const out = trackedHtml(
      html,
      { ...plain, links: ['https://b.example', 'https://a.example/?x=1&y=2'] },
      urls,
    );
    expect(out).toContain('<a class="btn" href="https://t.example/c/1" title="A">A</a>');
    expect(out).toContain('<a href="https://untracked.example">U</a>');
    expect(out).toContain('<a href="mailto:m@x.example">M</a>');
  });

  it('keeps the links as written when clicks are not tracked, and adds no pixel when opens are not', () => {
    const html = '<a href="https://a.example">A</a>';
    expect(
      trackedHtml(html, { ...plain, links: ['https://a.example'] }, { ...urls, click: null, open: null }),
    ).toBe(html);
  });

  it('appends the open pixel last, inside the body of a whole document', () => {
    const out = trackedHtml('<html><body><p>Hi</p></body></html>', plain, urls);
    expect(out).toBe(
      '<html><body><p>Hi</p><img src="https://t.example/o/x" width="1" height="1" alt="" style="display:block;border:0"></body></html>',
    );
  });

  it('renders the poll as its question and one escaped link per answer, under the body', () => {
    const poll = { question: 'Coming <Friday>?', answers: ['Yes & gladly', 'No'] };
    const out = trackedHtml('<p>Body</p>', { ...plain, poll }, { ...urls, open: null });
    expect(out.startsWith('<p>Body</p><div')).toBe(true);
    expect(out).toContain('>Coming &lt;Friday&gt;?</p>');
    expect(out).toContain('<a href="https://t.example/p/0" style="');
    expect(out).toContain('>Yes &amp; gladly</a>');
    expect(out).toContain('<a href="https://t.example/p/1" style="');
    expect(out).not.toContain('<Friday>');
  });

  it('RELIABILITY puts the unsubscribe link at {{unsubscribe}}, else in a footer; none when it is off', () => {
    const rendered = renderMergeText(
      '<p>Hi {{Name}}</p><p>{{unsubscribe}}</p>',
      ['Name', 'unsubscribe'],
      ['Ann', 'x'],
      {
        html: true,
      },
    );
    const placed = trackedHtml(rendered, { ...plain, unsubscribeLink: true }, { ...urls, open: null });
    expect(placed).toBe('<p>Hi Ann</p><p><a href="https://t.example/u/x">Unsubscribe</a></p>');
    const footer = trackedHtml('<p>Hi</p>', { ...plain, unsubscribeLink: true }, { ...urls, open: null });
    expect(footer).toBe(
      '<p>Hi</p><p style="margin:24px 0 0;font-size:12px;color:#6c757d">Don\'t want these emails? <a href="https://t.example/u/x">Unsubscribe</a></p>',
    );
    expect(trackedHtml(rendered, plain, { ...urls, open: null })).toBe('<p>Hi Ann</p><p></p>');
  });

  it('escapes the URLs it writes into attributes', () => {
    const out = trackedHtml(
      '<a href="https://a.example">A</a>',
      { ...plain, links: ['https://a.example'] },
      {
        ...urls,
        click: () => 'https://t.example/c/"><script>',
        open: null,
      },
    );
    expect(out).toBe('<a href="https://t.example/c/&quot;&gt;&lt;script&gt;">A</a>');
  });
});

describe('{{unsubscribe}} is no column', () => {
  it('is never a missing merge field and renders as nothing in a subject', () => {
    expect(missingMergeFields('Hi {{unsubscribe}}', '<p>{{ unsubscribe }}</p>', ['Email'])).toEqual([]);
    expect(renderMergeText('Hi{{unsubscribe}}', ['unsubscribe'], ['x'], { html: false })).toBe('Hi');
  });
});
