import { Blockquote, Stack, Text, Title } from '@mantine/core';
import { env } from '../../../config/env';
import { ReviewBadge } from '../../../ui/review-badges';

/**
 * The login screen's side panel (AUTH-037): the inbox delivery claim, then the install's own review
 * scores and testimonials (REVIEW_BADGES, TESTIMONIALS); none are made up when it has none.
 */
export function TestimonialsPanel() {
  const { reviewBadges, testimonials } = env;
  return (
    <Stack
      component="aside"
      aria-labelledby="login-panel-title"
      justify="center"
      gap="xl"
      p={48}
      bg="indigo.0"
      w="45%"
      maw={640}
    >
      <Title order={2} size="h3" id="login-panel-title">
        Better inbox delivery for every merge
      </Title>
      <Text>
        Emails sent with {env.productName} go out from your own address, one by one, so they reach the inbox
        instead of the promotions or spam folder.
      </Text>
      {reviewBadges.length > 0 && (
        <Stack gap="xs">
          {reviewBadges.map((badge) => (
            <ReviewBadge key={`${badge.score} ${badge.source}`} score={badge.score} source={badge.source} />
          ))}
        </Stack>
      )}
      {testimonials.length > 0 && (
        <Stack gap="md">
          {testimonials.map((testimonial) => (
            <Blockquote key={testimonial.quote} color="indigo" p="md" cite={`— ${testimonial.author}`}>
              {testimonial.quote}
            </Blockquote>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
