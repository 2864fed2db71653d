import type { ContactRequest } from '@cardstock/contract';
import { messages } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { contactRepository } from './contact.repository.ts';

export function createContactService(ctx: AppContext) {
  return {
    /**
     * Stores the message, then mails it to the support address. The message is
     * kept even if the mail server is down, so nothing a visitor wrote is lost.
     */
    async send(input: ContactRequest, ip: string): Promise<{ message: string }> {
      await ctx.limiter.hit('contactPerIp', ip);
      if (!(await ctx.captcha.verify(input.turnstileToken, ip))) {
        throw new AppError('BAD_REQUEST', messages.server.captchaFailed);
      }
      const createdAt = ctx.clock.now().toISOString();
      const id = await withTransaction(ctx.db, (tx) =>
        contactRepository.insert(tx, {
          name: input.name,
          email: input.email,
          message: input.message,
          ip,
          created_at: createdAt,
        }),
      );
      try {
        await ctx.mailer.send({
          to: ctx.config.supportEmail,
          replyTo: input.email,
          subject: `Contact form: ${input.name}`,
          text: `From: ${input.name} <${input.email}>\nSent: ${createdAt}\nMessage #${id}\n\n${input.message}\n`,
        });
      } catch (err) {
        ctx.log.error({ err, id }, 'contact mail could not be sent; the message is stored');
      }
      return { message: messages.contact.success };
    },
  };
}
