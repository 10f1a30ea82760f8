import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconPlayerPause, IconPlayerPlay, IconStar, IconStarFilled } from '@tabler/icons-react';
import Autoplay from 'embla-carousel-autoplay';
import { useMemo, useState } from 'react';
import { TESTIMONIALS, type Testimonial } from '../content';
import classes from './Landing.module.css';
import { LandingSection } from './LandingSection';

/** Slides in view: 3, then 2 under 1024 px, 1 under 600 px. */
const TWO_SLIDES_QUERY = '(max-width: 1023.98px)';
const ONE_SLIDE_QUERY = '(max-width: 599.98px)';
export const TESTIMONIAL_AUTOPLAY_MS = 3000;
/** Embla's duration is not in milliseconds: 25 moves a slide 95% of the way in about 500 ms (60 steps a second, friction 0.68). */
const SCROLL_DURATION = 25;

function StarRating({ rating }: { rating: number }) {
  return (
    <Group gap={2} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) =>
        star <= rating ? (
          <IconStarFilled key={star} size={16} color="#a15c00" aria-hidden />
        ) : (
          <IconStar key={star} size={16} color="#767676" aria-hidden />
        ),
      )}
    </Group>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const initials = testimonial.name
    .split(' ')
    .map((part) => part[0])
    .join('');
  return (
    <Paper component="figure" p="xl" m={0} radius="lg" className={classes.card}>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="md">
          <StarRating rating={testimonial.rating} />
          <Text component="blockquote" m={0} c="gray.8" lh={1.65}>
            “{testimonial.content}”
          </Text>
        </Stack>
        <Group component="figcaption" gap="sm" wrap="nowrap">
          <Avatar radius="xl" size={44} color="navy.8" variant="filled" aria-hidden>
            {initials}
          </Avatar>
          <div>
            <Text fw={650} fz="sm">
              {testimonial.name}
            </Text>
            <Text fz="xs" c="gray.7">
              {testimonial.role} · {testimonial.location}
            </Text>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Our Testimonials: a carousel that moves on by itself every 3 seconds, with dots and no arrows. */
export function Testimonials() {
  const two = useMediaQuery(TWO_SLIDES_QUERY, false, { getInitialValueInEffect: false });
  const one = useMediaQuery(ONE_SLIDE_QUERY, false, { getInitialValueInEffect: false });
  const reduceMotion = useReducedMotion();
  // Moving content can be paused (WCAG 2.2.2), and does not start for people who ask for less motion.
  const [paused, setPaused] = useState(false);
  const playing = !paused && !reduceMotion;
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: TESTIMONIAL_AUTOPLAY_MS,
        active: playing,
        stopOnInteraction: false,
        stopOnMouseEnter: true,
        stopOnFocusIn: true,
      }),
    ],
    [playing],
  );

  const slideSize = one ? '100%' : two ? '50%' : `${100 / 3}%`;
  return (
    <LandingSection
      id="testimonial"
      eyebrow="Our testimonials"
      title="What deal teams say about the NDA stage"
      intro="Illustrative accounts of how advisers use the workspace; the people quoted are fictitious."
    >
      <Carousel
        aria-label="Testimonials"
        slideSize={slideSize}
        slideGap="lg"
        emblaOptions={{ loop: true, align: 'start', duration: SCROLL_DURATION }}
        plugins={plugins}
        withIndicators
        withControls={false}
        classNames={{ root: classes.carousel, indicators: classes.indicators, indicator: classes.indicator }}
        getIndicatorProps={(index) => ({ 'aria-label': `Show testimonial ${index + 1}` })}
      >
        {TESTIMONIALS.map((testimonial, index) => (
          <Carousel.Slide key={testimonial.name} aria-label={`${index + 1} of ${TESTIMONIALS.length}`}>
            <TestimonialCard testimonial={testimonial} />
          </Carousel.Slide>
        ))}
      </Carousel>
      {!reduceMotion && (
        <Group justify="center" mt="sm">
          <Button
            variant="subtle"
            color="navy.7"
            size="compact-sm"
            onClick={() => setPaused((value) => !value)}
            leftSection={playing ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
          >
            {playing ? 'Pause testimonials' : 'Play testimonials'}
          </Button>
        </Group>
      )}
    </LandingSection>
  );
}
