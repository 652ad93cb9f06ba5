import { Center, Loader } from '@mantine/core';

/** Shown for the moment a screen's code is still loading. */
export function ScreenLoading() {
  return (
    <Center h="100%" mih={200} aria-busy="true" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}
