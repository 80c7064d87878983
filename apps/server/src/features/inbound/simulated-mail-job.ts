import type { Database, Tx } from '../../db/client';
import { enqueueInTransaction, jobSender } from '../../jobs/enqueue-in-transaction';
import { defineJob } from '../../jobs/job';
import { recipientByMessageId } from './inbound-queries';
import type { SimulatedMail } from './mailbox-simulator';
import type { InboundHandler } from './receive-inbound';

export const SIMULATED_MAIL_JOB = 'inbound-simulated-mail';

interface SimulatedMailData {
  /** The simulated server's message, base64. */
  raw: string;
  to: string[];
  /** The Message-ID of the merge message it answers, with angle brackets. */
  answers: string;
}

/** Whether the merge worker has recorded the message sent (its row carries the Message-ID). */
const recorded = async (database: Database, messageId: string) =>
  (await recipientByMessageId(database.db, messageId)) !== null;

/**
 * Hands what the mailbox simulator sends back to the inbound path, a few seconds after the
 * message went out (a job, not a timer: a restart loses nothing). A real server's answer cannot
 * arrive before the send is recorded, so until the merge worker has recorded the batch the job
 * fails and pg-boss tries it again shortly.
 */
export function simulatedMailJob(handle: InboundHandler) {
  return defineJob<SimulatedMailData>({
    name: SIMULATED_MAIL_JOB,
    async run({ database, config, data, logger }) {
      if (!(await recorded(database, data.answers)))
        throw new Error(`${data.answers} is not recorded as sent yet`);
      await handle(Buffer.from(data.raw, 'base64'), { to: data.to }, { database, config, logger });
    },
  });
}

/** Enqueues what the simulator sends back in the caller's transaction, due after its delay. */
export async function enqueueSimulatedMail(
  tx: Tx,
  database: Database,
  answers: string,
  mail: SimulatedMail,
): Promise<void> {
  await enqueueInTransaction(tx, jobSender(database), {
    name: SIMULATED_MAIL_JOB,
    data: { raw: mail.raw.toString('base64'), to: mail.envelope.to, answers } satisfies SimulatedMailData,
    startAfter: new Date(Date.now() + mail.afterSeconds * 1000),
    retry: { limit: 20, delaySeconds: 3 },
  });
}
