import { INITIALS_MAX_LETTERS, PERSONAL_MAIL_DOMAINS } from '../constants/limits';
import type { AccountType } from '../constants/domain';

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** CONST-031: gmail.com and googlemail.com are personal mail domains, shared by strangers. */
export function isPersonalDomain(domain: string): boolean {
  return (PERSONAL_MAIL_DOMAINS as readonly string[]).includes(domain.toLowerCase());
}

/** CONST-031: gmail.com and googlemail.com addresses are personal (Gmail-type) accounts. */
export function isPersonalEmail(email: string): boolean {
  return isPersonalDomain(emailDomain(email));
}

/**
 * The Gmail user of the rollout table (PERM-040 PERM-042 PERM-044 give Gmail users their own steps) and of
 * the seat flows (the Pro Personal seat, the Gmail purchase): a personal address (CONST-031). The
 * one derivation of the flag: the server's permission input and the web's both call it with the
 * signed-in address, and the account type (AUTH-047) is set from it when the account is created.
 */
export function isGmailUser(email: string): boolean {
  return isPersonalEmail(email);
}

/** AUTH-047: STANDARD for a personal account, BUSINESS otherwise. */
export function accountTypeOf(isPersonal: boolean): AccountType {
  return isPersonal ? 'STANDARD' : 'BUSINESS';
}

/** AUTH-046: first letters of up to two words of the name, upper-cased. */
export function initialsOf(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, INITIALS_MAX_LETTERS)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
