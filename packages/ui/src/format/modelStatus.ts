/**
 * Where the ML model stands, in the operator's words, with IST times: the one wording of the
 * server's ModelStatus for every page (the dashboard's AI Health and ML card, the ML Intelligence
 * page). Every state says why and what comes next, never "none", "never" or a health of 0%.
 */
import type { ModelStatus } from '@nivesh/api-contract';
import { formatIstDateTime, formatIstTime } from './time';

/**
 * Why an ML figure the server leaves null has none: each such null has one cause by the contract's
 * definition (api-contract ml.ts), worded once for every page that shows it. (A null overall or
 * model health is the model's state: `describeModel`.)
 */
export const ML_FIGURE_MISSING = {
  /** learning_health, adaptation_success_rate, adaptation_score. */
  learning: 'Nothing to measure yet: no training or update has been compared with the one before it.',
  /** memory_health. */
  memoryHealth: 'Nothing to measure yet: no prediction has reached its horizon.',
  /** retention_rate. */
  retention: 'Nothing kept yet: no prediction has an outcome.',
  /** engine_health. */
  engines: 'No engine reports on this server.',
} as const;

export interface ModelDescription {
  /** A short state for a figure's place: 'Training', 'No model', 'v3'. */
  short: string;
  /** The state in a few words: 'Training the first model'. */
  headline: string;
  /** Why, and what happens next, with times: one or two sentences. */
  detail: string;
  /** How the state should look: a model predicts (ok), one is coming (pending), or none will without the operator (problem). */
  tone: 'ok' | 'pending' | 'problem';
}

const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;

function trainingSentence(training: NonNullable<ModelStatus['training']>, first: boolean): string {
  const parts = [
    `${first ? 'Started' : `Retraining (${training.reason}) since`} ${formatIstTime(training.started_at)}`,
  ];
  if (training.progress !== null && training.progress > 0) parts.push(`${pct(training.progress)} fitted`);
  const ready =
    training.ready_at_estimate === null
      ? 'the ready time is estimated once its first fit is done'
      : `ready about ${formatIstTime(training.ready_at_estimate)}`;
  return `${parts.join(', ')}; ${ready}.`;
}

const OFF =
  'The learner does not run on this server (NIVESH_LEARNING_OFF): start it without that setting to train one.';

export function describeModel(model: ModelStatus): ModelDescription {
  switch (model.state) {
    case 'ready': {
      const parts = [
        `Model ${model.version ?? ''} in use, trained ${model.trained_at ? formatIstDateTime(model.trained_at) : 'at an unknown time'}.`,
      ];
      if (model.training) parts.push(trainingSentence(model.training, false));
      if (model.last_failure)
        parts.push(
          `The last retraining failed ${formatIstDateTime(model.last_failure.at)}: ${model.last_failure.reason}`,
        );
      return {
        short: model.version ?? 'Ready',
        headline: `Model ${model.version ?? ''}`.trim(),
        detail: parts.join(' '),
        tone: 'ok',
      };
    }
    case 'training':
      return {
        short: 'Training',
        headline: 'Training the first model',
        detail:
          `${model.training ? trainingSentence(model.training, true) : ''} ML figures appear once it is ready.`.trim(),
        tone: 'pending',
      };
    case 'waiting':
      return {
        short: 'No model yet',
        headline: 'No model yet',
        detail: model.next_pass_at
          ? `The first training starts at the learner's next pass, ${formatIstDateTime(model.next_pass_at)}.`
          : "The first training starts at the learner's next pass.",
        tone: 'pending',
      };
    case 'failed': {
      const failure = model.last_failure;
      const why = failure ? `It failed ${formatIstDateTime(failure.at)}: ${failure.reason}` : 'It failed.';
      const next = model.next_pass_at
        ? ` Retrying at the learner's next pass, ${formatIstDateTime(model.next_pass_at)}.`
        : ` It is not retried: ${OFF.charAt(0).toLowerCase()}${OFF.slice(1)}`;
      return {
        short: 'Training failed',
        headline: 'No model: the training failed',
        detail: `${/[.!?]$/.test(why) ? why : `${why}.`}${next}`,
        tone: 'problem',
      };
    }
    case 'off':
      return { short: 'Learning off', headline: 'No model: learning is off', detail: OFF, tone: 'problem' };
  }
}
