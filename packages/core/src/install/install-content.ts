import { z } from 'zod';
import { promotionSchema } from '../spaces/space-contracts';

/**
 * What an install says about itself on the login page, onboarding and the sidebar (AUTH-037,
 * ONB-007, SHELL-009): review scores, testimonials and promotions are the operator's to give.
 * The server reads them from its environment (failing to start on a bad value) and hands the
 * login page's to the web app in meta tags; with none configured, the slots stay empty rather
 * than showing invented figures.
 */

/** One review score, e.g. `{"score":"4.9/5","source":"G2"}`, shown as '4.9/5 on G2'. */
export const reviewBadgeSchema = z.object({
  score: z.string().trim().min(1).max(20),
  source: z.string().trim().min(1).max(80),
});
export type ReviewBadge = z.infer<typeof reviewBadgeSchema>;

/** One testimonial on the login page's side panel: the words and who said them. */
export const testimonialSchema = z.object({
  quote: z.string().trim().min(1).max(400),
  author: z.string().trim().min(1).max(120),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const reviewBadgesSchema = z.array(reviewBadgeSchema).max(5);
export const testimonialsSchema = z.array(testimonialSchema).max(6);
export const configuredPromotionsSchema = z.array(promotionSchema).max(6);

/**
 * A setting written as JSON text (an environment variable, a meta tag), parsed and then checked
 * by `schema`; text that is not JSON is an issue of the setting like any other.
 */
export function jsonSetting<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((value, ctx): unknown => {
      try {
        return JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON (a list of objects)' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Where the web app asks for its sidebar promotions (GET /cannon?project=…&placement=…). */
export const SIDEBAR_PROMOTION_TARGET = { project: 'mergeboard', placement: 'sidebar' } as const;
