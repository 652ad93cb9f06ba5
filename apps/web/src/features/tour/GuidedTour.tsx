import { Box, Button, CloseButton, Group, Popover, Portal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { parseStartTourMessage, presentSteps, TOURS, type TourStep } from './tours';

interface RunningTour {
  tourId: string;
  /** The notification that offered the tour (SPEC §2); kept with the tour for the record. */
  notificationId: string | null;
  steps: TourStep[];
  index: number;
}

const exists = (selector: string) => document.querySelector(selector) !== null;

/** Where the current step's element is; re-read on resize and scroll. */
function useTargetRect(selector: string | null): DOMRect | null {
  const [rect, setRect] = useState<DOMRect | null>(null);
  const measure = () =>
    setRect(selector ? (document.querySelector(selector)?.getBoundingClientRect() ?? null) : null);
  useEffect(measure, [selector]);
  useWindowEvent('resize', measure);
  useWindowEvent('scroll', measure, { capture: true });
  return rect;
}

/**
 * Runs a guided tour when the page receives `{type: 'start_tour', tourId, notificationId}` by
 * `window.postMessage` (SPEC §2): a spotlight on each step's element and a popover with the text.
 * An unknown tour id is logged and changes nothing.
 */
export function GuidedTour() {
  const [tour, setTour] = useState<RunningTour | null>(null);

  useWindowEvent('message', (event: MessageEvent) => {
    // Only this page's own origin may start a tour; frames of other sites may post to us too.
    if (event.origin !== window.location.origin) return;
    const message = parseStartTourMessage(event.data);
    if (!message) return;
    const defined = TOURS[message.tourId];
    if (!defined) {
      console.warn(`Guided tour: there is no tour "${message.tourId}"`);
      return;
    }
    const steps = presentSteps(defined, exists);
    if (steps.length === 0) {
      console.warn(`Guided tour "${message.tourId}": none of its elements is on this page`);
      return;
    }
    setTour({ ...message, steps, index: 0 });
  });

  const step = tour?.steps[tour.index] ?? null;
  const rect = useTargetRect(step?.target ?? null);
  if (!tour || !step || !rect) return null;

  const last = tour.index === tour.steps.length - 1;
  const go = (delta: 1 | -1) => setTour({ ...tour, index: tour.index + delta });
  const pad = 4;
  const hole = {
    x: rect.left - pad,
    y: rect.top - pad,
    w: rect.width + pad * 2,
    h: rect.height + pad * 2,
  };
  return (
    <>
      {/* The page dimmed except for the step's element: four bands around it, above the layout. */}
      <Portal>
        {[
          { top: 0, left: 0, right: 0, height: Math.max(hole.y, 0) },
          { top: hole.y + hole.h, left: 0, right: 0, bottom: 0 },
          { top: hole.y, left: 0, width: Math.max(hole.x, 0), height: hole.h },
          { top: hole.y, left: hole.x + hole.w, right: 0, height: hole.h },
        ].map((band, index) => (
          <Box
            key={index}
            aria-hidden
            style={{
              position: 'fixed',
              ...band,
              background: 'rgba(0, 0, 0, 0.45)',
              zIndex: 398,
            }}
          />
        ))}
      </Portal>
      <Popover
        opened
        position="bottom"
        withArrow
        shadow="md"
        width={300}
        floatingStrategy="fixed"
        closeOnClickOutside={false}
        onClose={() => setTour(null)}
        zIndex={400}
      >
        <Popover.Target>
          {/* A ring around the element, and the popover's anchor. */}
          <Box
            aria-hidden
            style={{
              position: 'fixed',
              top: hole.y,
              left: hole.x,
              width: hole.w,
              height: hole.h,
              borderRadius: 'var(--mantine-radius-md)',
              outline: '2px solid var(--mantine-primary-color-filled)',
              pointerEvents: 'none',
              zIndex: 399,
            }}
          />
        </Popover.Target>
        <Popover.Dropdown
          role="dialog"
          aria-label={`Tour: ${step.title}`}
          data-tour={tour.tourId}
          data-notification-id={tour.notificationId ?? undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={700} size="sm">
              {step.title}
            </Text>
            <CloseButton size="sm" aria-label="End tour" onClick={() => setTour(null)} />
          </Group>
          <Text size="sm" mt={4}>
            {step.text}
          </Text>
          <Group justify="space-between" mt="md" wrap="nowrap">
            <Text size="xs" c="dimmed">
              Step {tour.index + 1} of {tour.steps.length}
            </Text>
            <Group gap="xs" wrap="nowrap">
              {tour.index > 0 && (
                <Button size="compact-sm" variant="default" onClick={() => go(-1)}>
                  Back
                </Button>
              )}
              <Button size="compact-sm" onClick={() => (last ? setTour(null) : go(1))}>
                {last ? 'Done' : 'Next'}
              </Button>
            </Group>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
