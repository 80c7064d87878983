/** What an add or invite did: how many came in, and why the others could not (MEM-053, MEM-076). */
export interface AdditionOutcome {
  added: number;
  refusals: { email: string; reason: string }[];
}

/** One address of an add or invite answer: the reason it is refused, or null. */
type AddressAnswer = { email: string; reason: string | null };

const refusalsOf = (answers: readonly AddressAnswer[]) =>
  answers.flatMap(({ email, reason }) => (reason === null ? [] : [{ email, reason }]));

/**
 * MEM-052, INV-014: the check-only call first; only when it refuses nobody the real call. The
 * server adds all or nothing, so a refusal on the real call (the space changed in between)
 * means nobody was added.
 */
export async function checkThenAdd(
  emails: readonly string[],
  call: (onlyCheck: boolean) => Promise<readonly AddressAnswer[]>,
): Promise<AdditionOutcome> {
  const checked = refusalsOf(await call(true));
  if (checked.length > 0) return { added: 0, refusals: checked };
  const refusals = refusalsOf(await call(false));
  return { added: refusals.length > 0 ? 0 : emails.length, refusals };
}
