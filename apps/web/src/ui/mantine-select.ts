// Mantine's Select alone, for select-on-intent.tsx to load on demand (importing @mantine/core
// itself there would load the whole library).
export { Select } from '@mantine/core';
