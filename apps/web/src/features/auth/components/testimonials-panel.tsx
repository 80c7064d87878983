import { Blockquote, Stack, Text, Title } from '@mantine/core';
import { env } from '../../../config/env';
import { REVIEW_BADGES, ReviewBadge } from '../../../ui/review-badges';

const TESTIMONIALS = [
  {
    quote: 'We send our monthly member updates in minutes, and every one of them feels personal.',
    author: 'Operations lead, non-profit association',
  },
  {
    quote: 'Our whole sales team shares one space: templates, unsubscribes and bounces stay in sync.',
    author: 'Sales manager, software company',
  },
  {
    quote: 'Replies went up the week we switched, because the emails finally land in the inbox.',
    author: 'Founder, design studio',
  },
] as const;

/** The login screen's side panel (AUTH-037): testimonials, review badges, inbox delivery. */
export function TestimonialsPanel() {
  return (
    <Stack
      component="aside"
      aria-label="What our users say"
      justify="center"
      gap="xl"
      p={48}
      bg="indigo.0"
      w="45%"
      maw={640}
    >
      <Title order={2} size="h3">
        Better inbox delivery for every merge
      </Title>
      <Text>
        Emails sent with {env.productName} go out from your own account, one by one, so they reach the inbox
        instead of the promotions or spam folder.
      </Text>
      <Stack gap="xs">
        {REVIEW_BADGES.map((badge) => (
          <ReviewBadge key={badge.source} score={badge.score} source={badge.source} />
        ))}
      </Stack>
      <Stack gap="md">
        {TESTIMONIALS.map((testimonial) => (
          <Blockquote key={testimonial.author} color="indigo" p="md" cite={`— ${testimonial.author}`}>
            {testimonial.quote}
          </Blockquote>
        ))}
      </Stack>
    </Stack>
  );
}
