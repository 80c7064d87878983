import type { templates } from '../../db/schema';

interface TemplateText {
  subject: string;
  color: string;
  paragraphs: readonly string[];
}

/**
 * The gallery. Every template sends as it is with the shipped sample sheets (samples/contacts.xlsx:
 * First name, Last name, Email, Company, Full name, Signed up): a merge field the sheet lacks
 * would stop the send, so they use only those columns (gallery-templates.test.ts checks each).
 */
const TEMPLATES: readonly TemplateText[] = [
  {
    subject: 'Welcome aboard, {{First name}}!',
    color: '#2f6fed',
    paragraphs: [
      'We are thrilled to have you with us. Over the next few days you will get a few short tips to help you get started.',
      'If you have any question, just reply to this email: a real person reads every answer.',
    ],
  },
  {
    subject: 'Quick question about {{Company}}',
    color: '#0f9d58',
    paragraphs: [
      'I noticed {{Company}} is growing its sales team, and I had a quick question.',
      'Who is the best person to talk to about how your team sends personalised emails at scale?',
    ],
  },
  {
    subject: 'Following up on our conversation',
    color: '#7b61ff',
    paragraphs: [
      'Thanks again for your time last week. As promised, here is a short summary of what we discussed for {{Company}}.',
      'Let me know if I missed anything, and whether next steps on our side still work for you.',
    ],
  },
  {
    subject: 'You’re invited, {{First name}}: our spring webinar',
    color: '#e8710a',
    paragraphs: [
      'Join us next Thursday for an hour of practical ideas, live demos and time for your questions.',
      'Seats are limited, so save yours today, and feel free to bring a colleague from {{Company}}.',
    ],
  },
  {
    subject: 'Your monthly newsletter, {{First name}}',
    color: '#1a73e8',
    paragraphs: [
      'Here is what happened this month: new features, customer stories, and the events coming up.',
      'As always, you can reply to this email to tell us what you would like to read next.',
    ],
  },
  {
    subject: 'Thank you for your order, {{First name}}',
    color: '#188038',
    paragraphs: [
      'Your order for {{Company}} is confirmed and will ship within two business days.',
      'You will get another email with the tracking link as soon as it leaves our warehouse.',
    ],
  },
  {
    subject: 'Can we find 15 minutes this week?',
    color: '#c5221f',
    paragraphs: [
      'I would love to show you how teams like {{Company}} save several hours a week on outreach.',
      'Would Tuesday or Wednesday afternoon work for a short call?',
    ],
  },
  {
    subject: 'Last chance: our offer ends Friday',
    color: '#f29900',
    paragraphs: [
      'This is a friendly reminder that the offer we sent you last week ends this Friday.',
      'Reply to this email if you have any question before then.',
    ],
  },
  {
    subject: 'How did we do? One quick question',
    color: '#12b5cb',
    paragraphs: [
      'We would love to know how your experience with us was.',
      'On a scale from 1 to 10, how likely are you to recommend us to a friend or colleague?',
    ],
  },
  {
    subject: 'Happy holidays from all of us',
    color: '#a142f4',
    paragraphs: [
      'As the year comes to an end, we wanted to thank you for your trust and your feedback.',
      'We wish you and your loved ones a wonderful holiday season.',
    ],
  },
  {
    subject: 'Payment reminder for {{Company}}',
    color: '#5f6368',
    paragraphs: [
      'This is a friendly reminder that our latest invoice to {{Company}} is due at the end of the month.',
      'If you have already paid, please ignore this email. Thank you!',
    ],
  },
  {
    subject: 'We’d love your feedback, {{First name}}',
    color: '#d01884',
    paragraphs: [
      'You have been with us since {{Signed up}}, and your opinion matters to us.',
      'Would you take two minutes to tell us what works well and what we should improve?',
    ],
  },
];

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A self-contained card image, so the gallery needs no hosted files. */
function thumbnail(subject: string, color: string): string {
  const title = escapeXml(subject.length > 34 ? `${subject.slice(0, 33)}…` : subject);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">
<rect width="320" height="200" fill="#ffffff"/><rect width="320" height="56" fill="${color}"/>
<text x="16" y="35" font-family="Arial, sans-serif" font-size="15" fill="#ffffff">${title}</text>
<rect x="16" y="80" width="240" height="10" rx="5" fill="#dadce0"/>
<rect x="16" y="102" width="280" height="10" rx="5" fill="#e8eaed"/>
<rect x="16" y="124" width="200" height="10" rx="5" fill="#e8eaed"/>
<rect x="16" y="156" width="96" height="24" rx="4" fill="${color}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function previewHtml(template: TemplateText): string {
  const paragraphs = template.paragraphs.map((text) => `<p>${escapeXml(text)}</p>`).join('');
  return `<div style="font-family: Arial, sans-serif; font-size: 14px; color: #202124; line-height: 1.5">
<p>Hi {{First name}},</p>${paragraphs}<p>Best regards</p></div>`;
}

export function buildTemplates(now: Date): (typeof templates.$inferInsert)[] {
  return TEMPLATES.map((template, index) => ({
    subject: template.subject,
    thumbnailUrl: thumbnail(template.subject, template.color),
    previewHtml: previewHtml(template),
    sortOrder: index + 1,
    createdAt: now,
    updatedAt: now,
  }));
}
