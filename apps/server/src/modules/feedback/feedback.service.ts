import { messages } from '@cardstock/contract';
import type { Actor } from '../../lib/actor.ts';
import type { AppContext } from '../../context.ts';
import { feedbackRepository } from './feedback.repository.ts';

export function createFeedbackService(ctx: AppContext) {
  return {
    /** Stores feedback with who sent it, from which shop, and its type. */
    async send(actor: Actor, input: { feedback_text: string; feedback_type: string }) {
      await ctx.limiter.hit('feedbackPerUser', String(actor.userId));
      await feedbackRepository.insert(ctx.db, {
        shop_id: actor.shopId,
        user_id: actor.userId,
        type: input.feedback_type,
        text: input.feedback_text,
        created_at: ctx.clock.now().toISOString(),
      });
      return { message: messages.feedback.sent };
    },
  };
}
