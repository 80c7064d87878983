import { describe, expect, it } from 'vitest';
import { headerLine, mergeFieldsIn, missingMergeFields, renderMergeText } from './merge-fields';

const header = ['First name', 'Email', 'Company'];

describe('merge fields', () => {
  it('finds each column a text names once, in order, with or without a fallback', () => {
    expect(mergeFieldsIn('Hi {{First name}}, {{ Company | your team }} and {{First name}} again')).toEqual([
      'First name',
      'Company',
    ]);
    expect(mergeFieldsIn('No fields, {{}} and {single}')).toEqual([]);
  });

  it('names the fields whose column the sheet lacks, even when they have a fallback', () => {
    expect(missingMergeFields('Hello {{First name}}', '<p>{{Title|Sir}} at {{Company}}</p>', header)).toEqual(
      ['Title'],
    );
    expect(missingMergeFields('{{Email}}', '', [' Email '])).toEqual([]);
  });

  it("replaces fields by the row's cells and empty cells by the fallback", () => {
    const cells = ['Ada', 'ada@example.com', ''];
    expect(
      renderMergeText('Hi {{First name}} from {{Company|your team}}', header, cells, { html: false }),
    ).toBe('Hi Ada from your team');
    expect(renderMergeText('{{Company}}!', header, cells, { html: false })).toBe('!');
  });

  it('HTML-escapes the values of an HTML body, not the author’s own markup', () => {
    const cells = ['<script>alert(1)</script>', 'a@example.com', 'Fish & "Chips"'];
    expect(renderMergeText('<p>{{First name}} of {{Company}}</p>', header, cells, { html: true })).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; of Fish &amp; &quot;Chips&quot;</p>',
    );
  });

  it('keeps a header on one line: CR/LF in a value cannot start a new header', () => {
    const cells = ['Ada\r\nBcc: victim@example.com', 'a@example.com', 'Acme'];
    const subject = renderMergeText('Hello {{First name}}', header, cells, { html: false, headerLine: true });
    expect(subject).toBe('Hello Ada Bcc: victim@example.com');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(headerLine('a\n\nb\u0000c')).toBe('a b c');
  });
});
