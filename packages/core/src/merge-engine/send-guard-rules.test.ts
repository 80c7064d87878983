import { describe, expect, it } from 'vitest';
import { DOMAIN_CHECK_BLOCK_ABOVE, domainCheckBlocks, mayOverrideDomainCheck } from './send-guard-contracts';

describe('send guard rules', () => {
  it('blocks only a definite FAIL of a merge of more than 100 recipients', () => {
    expect(DOMAIN_CHECK_BLOCK_ABOVE).toBe(100);
    expect(domainCheckBlocks('FAIL', 101)).toBe(true);
    expect(domainCheckBlocks('FAIL', 100)).toBe(false);
    expect(domainCheckBlocks('UNCHECKED', 5000)).toBe(false);
    expect(domainCheckBlocks('PASS', 5000)).toBe(false);
  });

  it('lets the owner and admins override a failed check, not members', () => {
    expect(mayOverrideDomainCheck('OWNER')).toBe(true);
    expect(mayOverrideDomainCheck('ADMIN')).toBe(true);
    expect(mayOverrideDomainCheck('MEMBER')).toBe(false);
  });
});
