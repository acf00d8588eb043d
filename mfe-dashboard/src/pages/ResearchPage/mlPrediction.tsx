/**
 * The ML ensemble's view of a BUY signal, shared by the signals table and the phone list: the
 * calibrated probability of a win after charges (percent, one decimal) with the model version, a
 * "Why" toggle, and the explanation by the three methods the server gives (largest first, at most
 * 5 each), each feature by its readable name, its value, and its contribution signed and coloured
 * (positive green, negative red), under one line saying what that number means.
 *
 * Rules: only a BUY carries a prediction; a BUY without one says 'Model not trained yet' (muted);
 * SELL and HOLD show nothing. A prediction the model cannot tell apart from others (no skill out
 * of sample, or the day's signals given one probability) says 'Cannot tell apart' under the
 * probability, with the server's sentence as its title and in full in the explanation.
 */
import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { LuChevronDown, LuChevronUp } from 'react-icons/lu';
import type { FeatureContribution, ResearchRecommendation, SignalPrediction } from '@nivesh/api-contract';
import { featureLabel, formatFeatureValue, formatNumber, formatPercent } from '@nivesh/ui';

const MODEL_NOT_TRAINED = 'Model not trained yet';
const CANNOT_TELL_APART = 'Cannot tell apart';

/** '64.0%'. */
const probabilityText = (prediction: SignalPrediction) =>
  formatPercent(prediction.probability * 100, { decimals: 1, sign: false });

/** '+0.42' / '-0.09', without a minus on a figure that rounds to nothing. */
function signed(value: number, decimals: number): string {
  const body = formatNumber(Math.abs(value), decimals);
  return value < 0 && Number(body) !== 0 ? `-${body}` : `+${body}`;
}

/** A change in a probability or an accuracy, in percentage points: 0.07 -> '+7.0 pp'. */
const points = (value: number) => `${signed(value * 100, 1)} pp`;

type Method = keyof SignalPrediction['explanation'];

const METHODS: ReadonlyArray<{
  key: Method;
  title: string;
  note: string;
  format: (value: number) => string;
}> = [
  {
    key: 'linear',
    title: 'Linear model (exact)',
    note: "Exact contribution to the logistic model's log-odds of a win: positive raises the chance.",
    format: (value) => signed(value, 2),
  },
  {
    key: 'local_surrogate',
    title: 'Local surrogate (LIME)',
    note: "Change in the ensemble's win probability, in percentage points, from a fit around this stock.",
    format: points,
  },
  {
    key: 'permutation',
    title: 'Permutation importance',
    note: "Drop in the ensemble's accuracy on recent outcomes when the feature is shuffled; global, the same for every stock.",
    format: points,
  },
];

/** The id of the explanation a "Why" button opens. */
const explanationId = (symbol: string) => `ml-why-${symbol}`;

/**
 * The probability and model version of a BUY with a prediction, the muted 'Model not trained yet'
 * of a BUY without one, nothing for SELL and HOLD.
 */
export function MlProbability({
  signal,
  align = 'start',
}: {
  signal: ResearchRecommendation;
  align?: 'start' | 'end';
}) {
  if (signal.signal !== 'BUY') return null;
  if (!signal.ml) {
    return (
      <Text textStyle="xs" color="fg.muted" data-testid="ml-probability">
        {MODEL_NOT_TRAINED}
      </Text>
    );
  }
  return (
    <Stack gap="0" align={align === 'end' ? 'flex-end' : 'flex-start'} data-testid="ml-probability">
      <Text
        fontWeight="medium"
        title={`Raw ${formatPercent(signal.ml.raw_probability * 100, { decimals: 1, sign: false })} before calibration`}
      >
        {probabilityText(signal.ml)}
      </Text>
      <Text textStyle="xs" color="fg.muted">
        model {signal.ml.model_version}
      </Text>
      {signal.ml.cannot_tell_apart && (
        <Text
          textStyle="xs"
          color="orange.fg"
          fontWeight="medium"
          title={signal.ml.cannot_tell_apart}
          data-testid="ml-cannot-tell-apart"
        >
          {CANNOT_TELL_APART}
        </Text>
      )}
    </Stack>
  );
}

/** The "Why" toggle of a BUY with a prediction. */
export function WhyButton({
  symbol,
  open,
  onToggle,
}: {
  symbol: string;
  open: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      size="2xs"
      variant="ghost"
      colorPalette="brand"
      aria-expanded={open}
      aria-controls={explanationId(symbol)}
      aria-label={`Why: the ML model's reasons for ${symbol}`}
      onClick={onToggle}
    >
      Why
      {open ? <LuChevronUp /> : <LuChevronDown />}
    </Button>
  );
}

function FeatureRow({ item, format }: { item: FeatureContribution; format: (value: number) => string }) {
  return (
    <HStack as="li" justify="space-between" gap="3" textStyle="sm" data-testid="ml-feature">
      <Text minW="0">
        {featureLabel(item.feature)}{' '}
        <Text as="span" color="fg.muted" textStyle="xs">
          {formatFeatureValue(item.feature, item.value)}
        </Text>
      </Text>
      <Text
        fontWeight="medium"
        flexShrink={0}
        color={item.contribution < 0 ? 'loss' : 'gain'}
        data-tone={item.contribution < 0 ? 'loss' : 'gain'}
      >
        {format(item.contribution)}
      </Text>
    </HStack>
  );
}

/** The three methods' top features, side by side from `md`, one under another on a phone. */
export function MlExplanation({ symbol, prediction }: { symbol: string; prediction: SignalPrediction }) {
  return (
    <Box
      id={explanationId(symbol)}
      role="region"
      aria-label={`ML explanation for ${symbol}`}
      bg="bg.subtle"
      rounded="l2"
      p="3"
      whiteSpace="normal"
    >
      <Text textStyle="xs" color="fg.muted" mb="2">
        {`Model ${prediction.model_version}: ${probabilityText(prediction)} chance of a win after charges (${formatPercent(prediction.raw_probability * 100, { decimals: 1, sign: false })} before calibration).`}
      </Text>
      {prediction.cannot_tell_apart && (
        <Text textStyle="sm" color="orange.fg" mb="2">
          {prediction.cannot_tell_apart}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {METHODS.map((method) => {
          const items = prediction.explanation[method.key];
          return (
            <Stack key={method.key} gap="1" as="section" aria-label={method.title}>
              <Text fontWeight="semibold" textStyle="sm">
                {method.title}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {method.note}
              </Text>
              {items.length === 0 ? (
                <Text textStyle="sm" color="fg.muted">
                  No features reported.
                </Text>
              ) : (
                <Stack as="ul" gap="1" listStyleType="none" fontVariantNumeric="tabular-nums">
                  {items.map((item) => (
                    <FeatureRow key={item.feature} item={item} format={method.format} />
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
