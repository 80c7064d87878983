import { Anchor, Image, Paper, Stack, Text } from '@mantine/core';
import { usePromotions } from '../api/get-promotions';

/** SHELL-009 SHELL-010: other products promoted at the bottom of the sidebar. */
export function Promotions() {
  const promotions = usePromotions();
  if (!promotions.data?.enabled || promotions.data.promotions.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Promotions" role="region">
      {promotions.data.promotions.map((promotion) => (
        <Paper key={promotion.productId} withBorder p="xs">
          <Anchor href={promotion.url} target="_blank" rel="noreferrer" underline="never" c="inherit">
            <Stack gap={4}>
              <Image src={promotion.image} alt="" h={32} w={32} fit="contain" />
              <Text size="sm" fw={600}>
                {promotion.name}
              </Text>
              <Text size="xs" c="dimmed">
                {promotion.description}
              </Text>
            </Stack>
          </Anchor>
        </Paper>
      ))}
    </Stack>
  );
}
