import { asc, eq } from 'drizzle-orm';
import type { Consultation, ConsultationRequest } from '../../contract/consultation.ts';
import type { Database } from '../db/client.ts';
import { consultationRequests, type User } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { queueMail } from '../mail/send.ts';
import { consultationReceivedMail, consultationSalesMail } from '../mail/templates.ts';

/*
 * The consultation request of the on-premise page (decision 0702). One transaction
 * stores the request and queues both mails, so they go out exactly when it is kept:
 * the request to the sales address (SALES_EMAIL), the confirmation to the address
 * the requester typed, in their page's language.
 */

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'clock' | 'config'>;

export async function requestConsultation(
  deps: Deps,
  user: User,
  request: ConsultationRequest,
): Promise<Consultation> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(consultationRequests)
      .values({ userId: user.id, ...request, createdAt: deps.clock.now() })
      .returning();
    if (!row) throw new Error('the consultation request was not stored');
    const sales = consultationSalesMail({ ...request, username: user.username });
    // Replies go to the requester straight from the sales team's mail client.
    await queueMail(deps, tx, {
      to: deps.config.salesEmail,
      ...sales,
      headers: { 'Reply-To': request.email },
    });
    await queueMail(deps, tx, {
      to: request.email,
      ...consultationReceivedMail(request.language, request.name),
      headers: {},
    });
    return { id: row.id, created_at: row.createdAt.toISOString() };
  });
}

/** The requests as the personal-data export gives them. */
export async function consultationData(db: Database, userId: number) {
  const rows = await db
    .select()
    .from(consultationRequests)
    .where(eq(consultationRequests.userId, userId))
    .orderBy(asc(consultationRequests.createdAt));
  return rows.map(({ name, email, company, phone, industry, comment, language, createdAt }) => ({
    name,
    email,
    company,
    phone,
    industry,
    comment,
    language,
    created_at: createdAt.toISOString(),
  }));
}
