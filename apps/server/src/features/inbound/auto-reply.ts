/**
 * Whether a message was written by a machine on someone's behalf (out-of-office, vacation
 * responder, ticket acknowledgement), so it is recorded but never counted as a response.
 * RFC 3834's Auto-Submitted first; then the older headers responders still send; then the
 * subjects out-of-office replies carry in the languages our senders meet most.
 */

const AUTO_PRECEDENCE = new Set(['auto_reply', 'bulk', 'junk']);

const AUTO_SUBJECT = new RegExp(
  [
    'out of (?:the )?office',
    'automatic reply',
    'auto[- ]?reply',
    'auto[- ]?respons', // Auto response, AutoResponse, Autorespons (Scandinavian)
    'away from (?:the )?office',
    'abwesenheit', // Abwesenheitsnotiz, Abwesenheitsmeldung
    'automatische antwort',
    'r[ée]ponse automatique',
    'absence du bureau',
    'respuesta autom[áa]tica',
    'fuera de la oficina',
    'risposta automatica',
    'fuori (?:sede|ufficio)',
    'automatisch antwoord',
    'afwezig',
    'resposta autom[áa]tica',
    'automatiskt svar',
    'automatisk svar',
    'autosvar',
    'odpowied[źz] automatyczna',
    '自動応答',
    '自動返信',
    '自动回复',
  ].join('|'),
  'i',
);

export interface AutoReplySignals {
  header: (name: string) => string | undefined;
  subject: string;
}

/** The reason a message is automatic, or null for one a person wrote. */
export function autoReplyReason({ header, subject }: AutoReplySignals): string | null {
  const autoSubmitted = header('auto-submitted')?.split(';')[0]?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-autoresponder']) {
    if (header(name) !== undefined) return `${name} header`;
  }
  const precedence = header('precedence')?.trim().toLowerCase();
  if (precedence && AUTO_PRECEDENCE.has(precedence)) return `Precedence: ${precedence}`;
  if (AUTO_SUBJECT.test(subject)) return 'out-of-office subject';
  return null;
}
