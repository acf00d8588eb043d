/** Scores 0-1 coloured by the specification's thresholds (part 2, section 4). */
import { Box, HStack, Icon, Progress, Text } from '@nivesh/ui/chakra';
import { LuCircleAlert, LuCircleCheck, LuTriangleAlert } from 'react-icons/lu';
import { fractionPercent } from './format';

export type ScoreTone = 'good' | 'fair' | 'poor';

/** 0.8 or more good (green), 0.6 to under 0.8 fair (yellow), below 0.6 poor (red). */
export function scoreTone(score: number): ScoreTone {
  if (score >= 0.8) return 'good';
  if (score >= 0.6) return 'fair';
  return 'poor';
}

export const SCORE_PALETTE: Record<ScoreTone, 'green' | 'yellow' | 'red'> = {
  good: 'green',
  fair: 'yellow',
  poor: 'red',
};

const SCORE_ICON = { good: LuCircleCheck, fair: LuTriangleAlert, poor: LuCircleAlert } as const;
const SCORE_ICON_LABEL = { good: 'Good', fair: 'Warning', poor: 'Critical' } as const;

/** The score as a percent (one decimal) in its colour, with a success, warning or error icon. */
export function ScoreValue({ score, size = 'md' }: { score: number; size?: 'md' | 'lg' }) {
  const tone = scoreTone(score);
  const palette = SCORE_PALETTE[tone];
  const ScoreIcon = SCORE_ICON[tone];
  return (
    <HStack gap="1.5" color={`${palette}.fg`} data-tone={tone}>
      <Box as="span" display="inline-flex" role="img" aria-label={SCORE_ICON_LABEL[tone]}>
        <Icon boxSize={size === 'lg' ? '5' : '4'} aria-hidden>
          <ScoreIcon />
        </Icon>
      </Box>
      <Text
        as="span"
        fontWeight="semibold"
        textStyle={size === 'lg' ? 'xl' : 'md'}
        fontVariantNumeric="tabular-nums"
      >
        {fractionPercent(score)}
      </Text>
    </HStack>
  );
}

/** A thin bar for a 0-1 score, coloured like ScoreValue. */
export function ScoreBar({ score, label }: { score: number; label: string }) {
  const tone = scoreTone(score);
  return (
    <Progress.Root
      value={Math.round(score * 1000) / 10}
      max={100}
      size="sm"
      colorPalette={SCORE_PALETTE[tone]}
      aria-label={label}
      data-tone={tone}
    >
      <Progress.Track rounded="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
