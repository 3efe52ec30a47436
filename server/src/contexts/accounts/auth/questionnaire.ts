/**
 * The onboarding questionnaire (role, organisation type, intended use), answered once after the
 * first sign-in. A second submission keeps the first answers and succeeds: a double click or a
 * second tab must not leave the client's questionnaire flag stuck on.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { questionnaireAnswers } from '../../../db/schema/index.ts';

export interface QuestionnaireInput {
  role: string;
  organisation_type: string;
  intended_use: string;
}

export interface QuestionnaireRepresentation extends QuestionnaireInput {
  answered_at: string;
}

export async function answerQuestionnaire(
  db: Db,
  userId: number,
  input: QuestionnaireInput,
  now: Date,
): Promise<{ created: boolean; answers: QuestionnaireRepresentation }> {
  const inserted = await db
    .insert(questionnaireAnswers)
    .values({
      userId,
      role: input.role.trim(),
      organisationType: input.organisation_type.trim(),
      intendedUse: input.intended_use.trim(),
      answeredAt: now,
    })
    .onConflictDoNothing()
    .returning({ userId: questionnaireAnswers.userId });
  const [row] = await db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.userId, userId));
  return {
    created: inserted.length > 0,
    answers: {
      role: row!.role,
      organisation_type: row!.organisationType,
      intended_use: row!.intendedUse,
      answered_at: row!.answeredAt.toISOString(),
    },
  };
}
