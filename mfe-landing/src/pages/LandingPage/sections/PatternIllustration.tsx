/**
 * The hero's illustration: a drawn (not real) candlestick run where a pattern is highlighted while
 * it forms, before the breakout that turns it into a trend. It carries no prices or figures.
 */
import { Box, HStack, Stack, Text } from '@nivesh/ui/chakra/core';
import { LuLightbulb } from 'react-icons/lu';

const WIDTH = 440;
const HEIGHT = 240;
const PAD_X = 16;
/** Drawn closes: a range with rising lows under a flat ceiling, then the breakout. */
const CLOSES = [
  42, 40, 44, 41, 46, 43, 47, 44.5, 48.5, 46, 49.5, 47.5, 50, 48.5, 50.5, 55, 58, 56, 62, 66, 64, 70, 74,
];
const WICKS = [2, 3, 1.5, 2.5, 2, 3, 1.5, 2, 2.5, 1.5, 2, 2.5, 1.5, 2, 1.5, 2.5, 2, 3, 2, 2.5, 3, 2, 2.5];
const PATTERN_FROM = 3;
const PATTERN_TO = 14;
const BREAKOUT = 15;
const CEILING = 51.5;
const PRICE_MIN = 34;
const PRICE_MAX = 80;

const step = (WIDTH - PAD_X * 2) / CLOSES.length;
const xAt = (index: number) => PAD_X + step * index + step / 2;
const yAt = (price: number) => HEIGHT - 12 - ((price - PRICE_MIN) / (PRICE_MAX - PRICE_MIN)) * (HEIGHT - 24);

const CANDLES = CLOSES.map((close, index) => {
  const open = index === 0 ? 44 : (CLOSES[index - 1] ?? close);
  const wick = WICKS[index] ?? 2;
  return {
    x: xAt(index),
    top: yAt(Math.max(open, close)),
    bottom: yAt(Math.min(open, close)),
    high: yAt(Math.max(open, close) + wick),
    low: yAt(Math.min(open, close) - wick),
    rising: close >= open,
  };
});

const patternLeft = xAt(PATTERN_FROM) - step / 2 - 2;
const patternRight = xAt(PATTERN_TO) + step / 2 + 2;
const supportStart = CANDLES[PATTERN_FROM]?.low ?? 0;
const supportEnd = CANDLES[PATTERN_TO]?.low ?? 0;
const breakout = CANDLES[BREAKOUT];
const lastCandle = CANDLES[CANDLES.length - 1];

export function PatternIllustration() {
  return (
    <Box
      role="img"
      aria-label="Illustration: a pattern is highlighted while it forms, before prices break out into a trend"
      position="relative"
      w="full"
      maxW="lg"
      mx="auto"
      rounded="2xl"
      borderWidth="1px"
      borderColor="whiteAlpha.200"
      bg="rgba(17, 24, 48, 0.72)"
      backdropFilter="blur(8px)"
      boxShadow="0 30px 80px -20px rgba(2, 6, 23, 0.8), 0 0 0 1px rgba(52, 211, 158, 0.06) inset"
      p={{ base: '4', md: '5' }}
    >
      <HStack justify="space-between" mb="3" aria-hidden="true">
        <HStack gap="1.5">
          {['#f87171', '#fbbf24', '#34d39e'].map((color) => (
            <Box key={color} boxSize="2.5" rounded="full" bg={color} opacity={0.8} />
          ))}
        </HStack>
        <Text
          textStyle="xs"
          fontWeight="semibold"
          color="brand.200"
          bg="rgba(16, 185, 129, 0.12)"
          borderWidth="1px"
          borderColor="rgba(52, 211, 158, 0.3)"
          px="2"
          py="0.5"
          rounded="full"
        >
          Pattern detected early
        </Text>
      </HStack>

      <Box aria-hidden="true">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          focusable="false"
          style={{ display: 'block', height: 'auto', fontFamily: "'Inter Variable', system-ui, sans-serif" }}
        >
          <defs>
            <linearGradient id="pattern-zone" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="rgba(52, 211, 158, 0.16)" />
              <stop offset="1" stopColor="rgba(52, 211, 158, 0.02)" />
            </linearGradient>
            <marker
              id="trend-arrow"
              viewBox="0 0 10 10"
              refX="6"
              refY="5"
              markerWidth="6"
              markerHeight="6"
              orient="auto"
            >
              <path d="M0 0 L10 5 L0 10 z" fill="#6ee7bf" />
            </marker>
          </defs>

          {[0.25, 0.5, 0.75].map((fraction) => (
            <line
              key={fraction}
              x1="0"
              x2={WIDTH}
              y1={HEIGHT * fraction}
              y2={HEIGHT * fraction}
              stroke="rgba(148, 163, 184, 0.08)"
            />
          ))}

          <rect
            x={patternLeft}
            y={yAt(CEILING) - 10}
            width={patternRight - patternLeft}
            height={supportStart - yAt(CEILING) + 18}
            rx="8"
            fill="url(#pattern-zone)"
            stroke="rgba(52, 211, 158, 0.55)"
            strokeDasharray="4 4"
          />
          <text x={patternLeft + 8} y={yAt(CEILING) - 18} fill="#a7f3da" fontSize="11" fontWeight="600">
            Pattern forming
          </text>
          <line
            x1={patternLeft + 4}
            x2={patternRight - 4}
            y1={yAt(CEILING)}
            y2={yAt(CEILING)}
            stroke="rgba(226, 232, 240, 0.45)"
            strokeDasharray="2 4"
          />
          <line
            x1={xAt(PATTERN_FROM)}
            x2={xAt(PATTERN_TO)}
            y1={supportStart}
            y2={supportEnd}
            stroke="rgba(110, 231, 191, 0.7)"
            strokeDasharray="2 4"
          />

          {CANDLES.map((candle) => (
            <g key={candle.x} opacity={candle.rising ? 1 : 0.85}>
              <line
                x1={candle.x}
                x2={candle.x}
                y1={candle.high}
                y2={candle.low}
                stroke={candle.rising ? '#34d39e' : '#fb7185'}
                strokeWidth="1.2"
              />
              <rect
                x={candle.x - step * 0.28}
                y={candle.top}
                width={step * 0.56}
                height={Math.max(candle.bottom - candle.top, 1.5)}
                rx="1.5"
                fill={candle.rising ? '#10b981' : 'rgba(251, 113, 133, 0.25)'}
                stroke={candle.rising ? '#34d39e' : '#fb7185'}
                strokeWidth="1"
              />
            </g>
          ))}

          {breakout && lastCandle && (
            <>
              <path
                d={`M ${breakout.x} ${breakout.high - 14} Q ${(breakout.x + lastCandle.x) / 2} ${breakout.high - 26} ${lastCandle.x - 6} ${lastCandle.high - 16}`}
                fill="none"
                stroke="#6ee7bf"
                strokeWidth="1.6"
                strokeDasharray="5 4"
                markerEnd="url(#trend-arrow)"
              />
              <text
                x={breakout.x - 8}
                y={breakout.high - 20}
                textAnchor="end"
                fill="#d1faec"
                fontSize="11"
                fontWeight="600"
              >
                Trend
              </text>
              <circle cx={breakout.x} cy={breakout.top} r="9" fill="rgba(52, 211, 158, 0.15)" />
              <circle cx={breakout.x} cy={breakout.top} r="3.5" fill="#6ee7bf" />
            </>
          )}
        </svg>
      </Box>

      <Stack
        mt="3"
        p="3"
        rounded="xl"
        bg="whiteAlpha.50"
        borderWidth="1px"
        borderColor="whiteAlpha.100"
        direction="row"
        gap="3"
        align="flex-start"
        aria-hidden="true"
      >
        <Box color="brand.300" mt="0.5" flexShrink={0}>
          <LuLightbulb />
        </Box>
        <Text textStyle="sm" color="whiteAlpha.800" lineHeight="1.5">
          <Text as="span" color="white" fontWeight="semibold">
            Why it matters:{' '}
          </Text>
          rising lows keep pressing against a flat ceiling. Pressure is building before the move is obvious.
        </Text>
      </Stack>
    </Box>
  );
}
