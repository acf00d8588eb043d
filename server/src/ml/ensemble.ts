/**
 * The ensemble of six mljs models, pure (no I/O), each giving a probability that a decision wins
 * after costs (class 1), combined by weights from each model's recent out-of-sample accuracy.
 *
 * How each model's probability is derived (the mljs classifiers mostly answer a class):
 * - logistic: the two-class logistic model's sigmoid score for class 1; an intercept is the
 *   constant 1 appended to the standardised row (the library fits none of its own).
 * - forest / shallow_forest: the share of trees voting 1, counted here from the trees' own votes
 *   (`predictionValues`); the library's `predictProbability` miscounts the first tree's vote.
 * - cart: the class-1 share of the training rows in the leaf the row falls into.
 * - naive_bayes: the Gaussian posterior of class 1, computed from the priors, means and standard
 *   deviations the library fitted (variance floored at VARIANCE_FLOOR in standard units; 1, the
 *   standardised scale, for a class of a single row, which has none).
 * - knn: the share of the k nearest training rows (euclidean, in standard units) labelled 1.
 *
 * Weights: w ∝ max(accuracy − 0.5, floor), normalised; a model with no measured accuracy gets the
 * floor; with none measured at all the weights are equal. `trainEnsemble` measures the accuracy
 * on the latest `validationFraction` of the rows (time ordered) with models fitted on the rows
 * before them, then fits every model on all rows; `reweight` re-measures it on newer labelled rows.
 *
 * Row caps (ROW_CAPS), so a multi-year dataset trains in seconds: ml-cart's split search is
 * quadratic in a node's rows (every label change point re-splits the whole node), and a tree costs
 * about the same at any depth (the root's search dominates); the logistic model's cost is steps ×
 * rows, and a kNN query scans most of its rows in 14 dimensions. Above its cap a model fits on a
 * sample of the rows: one row drawn (seeded by `seed`) from each of `cap` equal consecutive slices
 * of the rows, so the sample spans the whole time range and keeps time order (with a row of the
 * missing outcome added when the draw holds only one). Caps: forest and shallow_forest 600 rows,
 * cart 1,000, logistic 2,000, kNN 2,000, naive Bayes every row. The held-out accuracy is measured
 * on at most VALIDATION_CAP (2,000) of the held-out rows, sampled the same way. The standardiser is
 * fitted on every row. Defaults tuned with them: 20 trees per forest, 1,000 logistic steps.
 */
import { z } from 'zod';
import { Matrix } from 'ml-matrix';
import LogisticRegression from 'ml-logistic-regression';
import { RandomForestClassifier } from 'ml-random-forest';
import { DecisionTreeClassifier } from 'ml-cart';
import { GaussianNB } from 'ml-naivebayes';
import KNN from 'ml-knn';
import { RandomStream } from '../market/random.js';
import { fitStandardiser, standardise, type Standardiser } from './features.js';

export const MODEL_NAMES = ['logistic', 'forest', 'cart', 'naive_bayes', 'knn', 'shallow_forest'] as const;
export type ModelName = (typeof MODEL_NAMES)[number];
export type PerModel = Record<ModelName, number>;

export interface EnsembleOptions {
  /** Seed of the forests' feature and sample selection (32-bit integer). Default 42. */
  seed?: number;
  /** Share of the latest rows held out to measure each model's accuracy. Default 0.25. */
  validationFraction?: number;
  /** Least weight of a model before normalising. Default 0.02. */
  weightFloor?: number;
  /** Neighbours of the kNN model. Default 7. */
  k?: number;
  /** Trees per forest. Default 20. */
  trees?: number;
  /** Gradient steps of the logistic model, and its step size per row. Defaults 1000 and 0.5. */
  logisticSteps?: number;
  logisticLearningRate?: number;
}

export interface Prediction {
  /** The weighted probability of a win after costs, 0-1. */
  probability: number;
  perModel: PerModel;
}

const VARIANCE_FLOOR = 1e-6;

/** Most rows each model fits on (see the module comment); naive Bayes fits on every row. */
const ROW_CAPS = {
  logistic: 2_000,
  forest: 600,
  cart: 1_000,
  naive_bayes: Number.POSITIVE_INFINITY,
  knn: 2_000,
  shallow_forest: 600,
} satisfies Record<ModelName, number>;

/** Most held-out rows the accuracy is measured on. */
const VALIDATION_CAP = 2_000;

const defaults = {
  seed: 42,
  validationFraction: 0.25,
  weightFloor: 0.02,
  k: 7,
  trees: 20,
  logisticSteps: 1000,
  logisticLearningRate: 0.5,
} satisfies Required<EnsembleOptions>;

type Settings = typeof defaults;

/** The six fitted models, on standardised rows. */
interface Models {
  logistic: LogisticRegression;
  forest: RandomForestClassifier;
  cart: DecisionTreeClassifier;
  naive_bayes: GaussianNB;
  knn: KNN;
  shallow_forest: RandomForestClassifier;
}

function checkTrainingSet(rows: readonly (readonly number[])[], labels: readonly number[]): void {
  if (rows.length !== labels.length) throw new RangeError('rows and labels must have the same length');
  if (labels.some((label) => label !== 0 && label !== 1)) throw new RangeError('labels must be 0 or 1');
  if (!labels.includes(0) || !labels.includes(1))
    throw new RangeError('training needs both a win and a loss');
}

function withIntercept(rows: readonly (readonly number[])[]): Matrix {
  return new Matrix(rows.map((row) => [...row, 1]));
}

/**
 * Increasing indices of at most `cap` of `n` rows: every row when n ≤ cap, else one seeded draw
 * from each of `cap` equal consecutive slices. With `labels`, a draw holding one outcome only gets
 * the first row of the other added (in its place in time).
 */
function spreadSample(n: number, cap: number, seed: number, labels?: readonly number[]): number[] {
  if (n <= cap) return Array.from({ length: n }, (_, i) => i);
  const random = new RandomStream(seed);
  const next = () => random.uniform();
  const picked = Array.from({ length: cap }, (_, k) => {
    const from = Math.floor((k * n) / cap);
    const to = Math.floor(((k + 1) * n) / cap);
    return from + Math.floor(next() * (to - from));
  });
  if (labels) {
    const has = (label: number) => picked.some((i) => labels[i] === label);
    const missing = [0, 1].find((label) => !has(label));
    const first = missing === undefined ? -1 : labels.indexOf(missing);
    if (first >= 0) return [...picked, first].sort((a, b) => a - b);
  }
  return picked;
}

/** The rows and labels at `indices`. */
function pick<T>(values: readonly T[], indices: readonly number[]): T[] {
  return indices.map((i) => values[i]!);
}

function fitModels(z: number[][], labels: number[], settings: Settings): Models {
  const sample = (name: ModelName, offset: number) => {
    const indices = spreadSample(z.length, ROW_CAPS[name], settings.seed + offset, labels);
    return { rows: pick(z, indices), labels: pick(labels, indices) };
  };
  const forLogistic = sample('logistic', 101);
  const logistic = new LogisticRegression({
    numSteps: settings.logisticSteps,
    learningRate: settings.logisticLearningRate / forLogistic.rows.length,
  });
  logistic.train(withIntercept(forLogistic.rows), Matrix.columnVector(forLogistic.labels));
  const forest = new RandomForestClassifier({
    nEstimators: settings.trees,
    seed: settings.seed,
    maxFeatures: 0.7,
    replacement: false,
    useSampleBagging: true,
    noOOB: true,
    treeOptions: { maxDepth: 8, minNumSamples: 3 },
  });
  const forForest = sample('forest', 102);
  forest.train(forForest.rows, forForest.labels);
  const cart = new DecisionTreeClassifier({ gainFunction: 'gini', maxDepth: 5, minNumSamples: 5 });
  const forCart = sample('cart', 103);
  cart.train(forCart.rows, forCart.labels);
  const naiveBayes = new GaussianNB();
  naiveBayes.train(z, labels);
  const forKnn = sample('knn', 104);
  const knn = new KNN(forKnn.rows, forKnn.labels, { k: settings.k });
  const shallow = new RandomForestClassifier({
    nEstimators: settings.trees,
    seed: settings.seed + 1,
    maxFeatures: 0.5,
    replacement: false,
    useSampleBagging: true,
    noOOB: true,
    treeOptions: { maxDepth: 3, minNumSamples: 5 },
  });
  const forShallow = sample('shallow_forest', 105);
  shallow.train(forShallow.rows, forShallow.labels);
  return { logistic, forest, cart, naive_bayes: naiveBayes, knn, shallow_forest: shallow };
}

function voteShare(forest: RandomForestClassifier, row: number[]): number {
  const votes = forest.predictionValues([row]).getRow(0);
  return votes.filter((vote) => vote === 1).length / votes.length;
}

function naiveBayesProbability(model: GaussianNB, row: number[]): number {
  const logPosterior = model.calculateProbabilities.map(([logPrior, ...perFeature], c) => {
    const means = model.means[c]!;
    return perFeature.reduce((sum, [, minusTwoVariance], j) => {
      // A class of one row has no sample variance (NaN): it gets the standardised scale, 1.
      const fitted = -minusTwoVariance / 2;
      const variance = Number.isFinite(fitted) ? Math.max(fitted, VARIANCE_FLOOR) : 1;
      return sum - 0.5 * Math.log(2 * Math.PI * variance) - (row[j]! - means[j]!) ** 2 / (2 * variance);
    }, logPrior);
  });
  const [loss, win] = logPosterior as [number, number];
  // P(1) = 1 / (1 + e^(log P0 − log P1)), stable for large differences.
  return 1 / (1 + Math.exp(loss - win));
}

function probabilities(models: Models, row: number[]): PerModel {
  const leaf = models.cart.root.classify(row);
  const neighbours = models.knn.kdTree.nearest(row, models.knn.k);
  return {
    logistic: models.logistic.classifiers[0]!.testScores(withIntercept([row]))[0]!,
    forest: voteShare(models.forest, row),
    // The leaf sums 1/n per row, so a pure leaf can come out as 1.0000000000000002.
    cart: leaf.columns > 1 ? Math.min(1, leaf.get(0, 1)) : 0,
    naive_bayes: naiveBayesProbability(models.naive_bayes, row),
    knn: neighbours.filter(([point]) => point[point.length - 1] === 1).length / neighbours.length,
    shallow_forest: voteShare(models.shallow_forest, row),
  };
}

/** Each model's share of right calls (probability ≥ 0.5 as a win) on labelled standardised rows. */
function accuraciesOf(models: Models, z: number[][], labels: readonly number[]): PerModel {
  const right = Object.fromEntries(MODEL_NAMES.map((name) => [name, 0])) as PerModel;
  z.forEach((row, i) => {
    const perModel = probabilities(models, row);
    for (const name of MODEL_NAMES) if ((perModel[name] >= 0.5 ? 1 : 0) === labels[i]) right[name] += 1;
  });
  return Object.fromEntries(MODEL_NAMES.map((name) => [name, right[name] / z.length])) as PerModel;
}

/**
 * Weights from each model's accuracy: max(accuracy − 0.5, floor) normalised to sum to 1; an
 * unmeasured model (null) gets the floor; equal weights when none is measured.
 */
export function weightsFromAccuracy(accuracies: Record<ModelName, number | null>, floor: number): PerModel {
  if (MODEL_NAMES.every((name) => accuracies[name] === null)) {
    return Object.fromEntries(MODEL_NAMES.map((name) => [name, 1 / MODEL_NAMES.length])) as PerModel;
  }
  const raw = MODEL_NAMES.map((name) => Math.max((accuracies[name] ?? 0.5) - 0.5, floor));
  const total = raw.reduce((sum, w) => sum + w, 0);
  return Object.fromEntries(MODEL_NAMES.map((name, i) => [name, raw[i]! / total])) as PerModel;
}

const jsonSchema = z.object({
  version: z.literal(1),
  settings: z.object({
    seed: z.number().int(),
    validationFraction: z.number().min(0).max(1),
    weightFloor: z.number().positive(),
    k: z.number().int().positive(),
    trees: z.number().int().positive(),
    logisticSteps: z.number().int().positive(),
    logisticLearningRate: z.number().positive(),
  }),
  standardiser: z
    .object({ means: z.array(z.number()), stds: z.array(z.number().positive()) })
    .refine((s) => s.means.length === s.stds.length, 'the standardiser needs one std per mean'),
  accuracies: z.record(z.enum(MODEL_NAMES), z.number().min(0).max(1).nullable()),
  models: z.record(z.enum(MODEL_NAMES), z.unknown()),
});

export type EnsembleJSON = z.infer<typeof jsonSchema>;

export class Ensemble {
  /** Normalised weights, summing to 1. */
  readonly weights: PerModel;

  private constructor(
    private readonly settings: Settings,
    readonly standardiser: Standardiser,
    /** Each model's measured out-of-sample accuracy, null when none was measured. */
    readonly accuracies: Record<ModelName, number | null>,
    private readonly models: Models,
  ) {
    this.weights = weightsFromAccuracy(accuracies, settings.weightFloor);
  }

  /** @internal */
  static create(
    settings: Settings,
    standardiser: Standardiser,
    accuracies: Record<ModelName, number | null>,
    models: Models,
  ) {
    return new Ensemble(settings, standardiser, accuracies, models);
  }

  /** The probability that `row` (raw features, FEATURE_NAMES order) wins after costs. */
  predict(row: readonly number[]): Prediction {
    const perModel = probabilities(this.models, standardise(this.standardiser, row));
    const probability = MODEL_NAMES.reduce((sum, name) => sum + this.weights[name] * perModel[name], 0);
    return { probability, perModel };
  }

  /** The logistic model's coefficients on the standardised features, and its intercept. */
  logisticCoefficients(): { coefficients: number[]; intercept: number } {
    const weights = this.models.logistic.classifiers[0]!.weights.to1DArray();
    return { coefficients: weights.slice(0, -1), intercept: weights[weights.length - 1]! };
  }

  /** The same models weighted by their accuracy on newer labelled rows (out of sample for them). */
  reweight(rows: readonly (readonly number[])[], labels: readonly number[]): Ensemble {
    if (rows.length === 0 || rows.length !== labels.length)
      throw new RangeError('reweighting needs labelled rows');
    const z = rows.map((row) => standardise(this.standardiser, row));
    return new Ensemble(this.settings, this.standardiser, accuraciesOf(this.models, z, labels), this.models);
  }

  toJSON(): EnsembleJSON {
    const models = Object.fromEntries(MODEL_NAMES.map((name) => [name, this.models[name].toJSON()]));
    // Through JSON once, so the mljs matrices inside become plain arrays.
    return JSON.parse(
      JSON.stringify({
        version: 1,
        settings: this.settings,
        standardiser: this.standardiser,
        accuracies: this.accuracies,
        models,
      }),
    ) as EnsembleJSON;
  }

  /** An ensemble from `toJSON()`'s output (validated; the mljs loaders check their own models). */
  static fromJSON(input: unknown): Ensemble {
    // The mljs loaders build their structures (the kNN's k-d tree, with parent links) inside the
    // object they are given: they get a copy, so the caller's JSON stays plain.
    const json = jsonSchema.parse(structuredClone(input));
    const m = json.models;
    const models: Models = {
      logistic: LogisticRegression.load(m.logistic),
      forest: RandomForestClassifier.load(m.forest as Parameters<typeof RandomForestClassifier.load>[0]),
      cart: DecisionTreeClassifier.load(m.cart),
      naive_bayes: GaussianNB.load(m.naive_bayes),
      knn: KNN.load(m.knn),
      shallow_forest: RandomForestClassifier.load(
        m.shallow_forest as Parameters<typeof RandomForestClassifier.load>[0],
      ),
    };
    return new Ensemble(json.settings, json.standardiser, json.accuracies, models);
  }
}

/**
 * Fits the six models on `rows` (raw features, oldest first) and `labels` (0/1, both present).
 * Accuracy for the weights is measured on the latest `validationFraction` of the rows by models
 * fitted on the rows before them (left unmeasured when either part is too small or one-sided);
 * the final models are fitted on all rows (each model on its capped sample, ROW_CAPS). Deterministic
 * for a seed.
 */
export function trainEnsemble(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  options: EnsembleOptions = {},
): Ensemble {
  checkTrainingSet(rows, labels);
  const settings: Settings = { ...defaults, ...options };
  const unmeasured = Object.fromEntries(MODEL_NAMES.map((name) => [name, null])) as Record<ModelName, null>;
  let accuracies: Record<ModelName, number | null> = unmeasured;
  const cut = Math.round(rows.length * (1 - settings.validationFraction));
  const early = labels.slice(0, cut);
  if (cut >= 10 && rows.length - cut >= 5 && early.includes(0) && early.includes(1)) {
    const s = fitStandardiser(rows.slice(0, cut));
    const z = rows.map((row) => standardise(s, row));
    const models = fitModels(z.slice(0, cut), early, settings);
    const held = spreadSample(rows.length - cut, VALIDATION_CAP, settings.seed + 106).map((i) => cut + i);
    accuracies = accuraciesOf(models, pick(z, held), pick(labels, held));
  }
  const standardiser = fitStandardiser(rows);
  const z = rows.map((row) => standardise(standardiser, row));
  return Ensemble.create(settings, standardiser, accuracies, fitModels(z, [...labels], settings));
}
