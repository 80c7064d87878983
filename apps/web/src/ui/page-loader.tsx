import { Center, Loader } from '@mantine/core';

/** Shown while a route's code or data loads for the first time. */
export function PageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
